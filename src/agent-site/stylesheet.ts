import { createHash } from 'node:crypto';

/**
 * The pages' only stylesheet, inlined: no external CSS, fonts or scripts, so a page is one
 * request and works offline. System fonts, a readable measure, light and dark schemes.
 */
export const STYLESHEET = `
:root{color-scheme:light dark;--fg:#1c1e21;--muted:#5b616b;--bg:#fff;--line:#dde1e6;--link:#0b57d0;--code:#f3f4f6}
@media (prefers-color-scheme:dark){:root{--fg:#e6e7e9;--muted:#a6abb3;--bg:#15171a;--line:#33373d;--link:#8ab4f8;--code:#23262b}}
*{box-sizing:border-box}
body{margin:0;font:1.0625rem/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif;color:var(--fg);background:var(--bg)}
a{color:var(--link)}
a:focus-visible{outline:3px solid var(--link);outline-offset:2px}
.skip{position:absolute;left:-999rem}
.skip:focus{left:1rem;top:1rem;padding:.5rem 1rem;background:var(--bg)}
.bar,main,footer{max-width:46rem;margin:0 auto;padding:0 1.25rem}
header{border-bottom:1px solid var(--line)}
.bar{display:flex;flex-wrap:wrap;align-items:center;gap:0 1rem;padding-block:.5rem}
.brand{font-weight:700;color:inherit;text-decoration:none;margin-right:auto}
nav{flex-basis:100%}
nav ul{display:flex;flex-wrap:wrap;gap:0 1rem;list-style:none;margin:0;padding:0}
nav a,.lang{text-decoration:none;white-space:nowrap}
nav a[aria-current=page]{text-decoration:underline;text-underline-offset:.3em}
.brand,.lang,nav a,footer a,.ways a{display:inline-block;padding-block:.25rem;min-height:1.5rem}
main{padding-block:1.5rem 3rem}
h1,h2,h3,h4{line-height:1.25;margin:2rem 0 .75rem}
h1{font-size:2rem;margin-top:1rem}
h2{font-size:1.5rem}
h3{font-size:1.2rem}
img{max-width:100%;height:auto}
main{overflow-wrap:break-word}
code,pre{font:.9em/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:var(--code);border-radius:4px}
code{padding:.1em .3em}
pre{padding:1rem;overflow-x:auto}
pre code{padding:0;background:none}
blockquote{margin:1rem 0;padding-left:1rem;border-left:4px solid var(--line);color:var(--muted)}
table{border-collapse:collapse;width:100%;display:block;overflow-x:auto}
th,td{border:1px solid var(--line);padding:.4rem .6rem;text-align:left;vertical-align:top}
.meta{color:var(--muted);font-size:.9rem}
footer{border-top:1px solid var(--line);padding-block:1.5rem 2.5rem;color:var(--muted);font-size:.9rem}
footer p{margin:.25rem 0}
`
  .trim()
  .replace(/\n/g, '');

/** The CSP source that allows exactly this stylesheet and no other inline style. */
export const STYLESHEET_CSP_SOURCE = `'sha256-${createHash('sha256').update(STYLESHEET).digest('base64')}'`;
