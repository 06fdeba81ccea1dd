/** The views' style sheet, inlined in each view (a hash of it is the only style the CSP allows). */
export const VIEW_STYLE = `
:root {
  color-scheme: light;
  --bg: var(--color-background-primary, #ffffff);
  --bg-card: var(--color-background-secondary, #f4f5f7);
  --text: var(--color-text-primary, #1a1a1a);
  --muted: var(--color-text-secondary, #4f5358);
  --border: var(--color-border-primary, #c9ccd1);
  --link: #0b57d0;
  --focus: #0b57d0;
  --button: #0b57d0;
  --button-text: #ffffff;
  font-family: var(--font-sans, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif);
  font-size: 16px;
  line-height: 1.5;
}
:root[data-theme="dark"] {
  color-scheme: dark;
  --bg: var(--color-background-primary, #16181c);
  --bg-card: var(--color-background-secondary, #22252b);
  --text: var(--color-text-primary, #eceef1);
  --muted: var(--color-text-secondary, #b4b9c0);
  --border: var(--color-border-primary, #4a4f57);
  --link: #8ab4f8;
  --focus: #8ab4f8;
  --button: #8ab4f8;
  --button-text: #0d1117;
}
* { box-sizing: border-box; }
body { margin: 0; padding: 12px; background: var(--bg); color: var(--text); overflow-wrap: anywhere; }
main { max-width: 60rem; margin: 0 auto; }
h1 { font-size: 1.35rem; margin: 0 0 0.75rem; line-height: 1.25; }
h2 { font-size: 1.1rem; margin: 1.25rem 0 0.5rem; }
h3 { font-size: 1rem; margin: 0 0 0.25rem; }
h4 { font-size: 1rem; margin: 0 0 0.25rem; }
p { margin: 0 0 0.5rem; }
a { color: var(--link); text-underline-offset: 2px; }
:focus-visible { outline: 3px solid var(--focus); outline-offset: 2px; }
.muted { color: var(--muted); }
.url { font-weight: normal; font-size: 0.95rem; }
ul.cards { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.75rem; grid-template-columns: repeat(auto-fill, minmax(min(18rem, 100%), 1fr)); }
.card { background: var(--bg-card); border: 1px solid var(--border); border-radius: 8px; padding: 0.75rem; }
.amount { font-weight: 600; font-variant-numeric: tabular-nums; }
.packages { padding-left: 1.1rem; margin: 0.25rem 0 0; }
ul.pages { padding-left: 1.1rem; }
ul.pages li.area { font-weight: 600; margin-top: 0.5rem; list-style: square; }
ul.pages li.service { margin-left: 0.75rem; }
ul.pages .muted { font-weight: normal; }
dl.options { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 0.75rem; margin: 0 0 1rem; }
dl.options dt { font-weight: 600; }
dl.options dd { margin: 0; min-width: 0; }
@media (max-width: 420px) { dl.options { grid-template-columns: 1fr; } dl.options dd { margin-bottom: 0.5rem; } }
form { display: grid; gap: 0.75rem; max-width: 36rem; }
.field { display: grid; gap: 0.25rem; }
label { font-weight: 600; }
input, textarea { font: inherit; color: var(--text); background: var(--bg); border: 1px solid var(--muted); border-radius: 6px; padding: 0.5rem; width: 100%; min-height: 44px; }
.consent { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem; align-items: start; }
.consent input { width: 1.5rem; height: 1.5rem; min-height: 0; margin: 0.1rem 0 0; }
.consent label { font-weight: normal; }
button { font: inherit; font-weight: 600; background: var(--button); color: var(--button-text); border: 0; border-radius: 6px; padding: 0.6rem 1rem; min-height: 44px; justify-self: start; cursor: pointer; }
button:disabled { opacity: 0.7; cursor: progress; }
.status:empty { display: none; }
.verdict { display: flex; gap: 1rem; align-items: flex-start; }
.grade { font-size: 2.5rem; font-weight: 700; line-height: 1; border: 3px solid var(--text); border-radius: 10px; min-width: 4rem; text-align: center; padding: 0.5rem; margin: 0; }
.verdict-line { font-weight: 600; }
ol.fix-first { padding-left: 1.4rem; }
ol.fix-first li { margin-bottom: 0.6rem; }
ol.fix-first li > * { display: block; }
ul.problems { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.5rem; }
.problem { border-left: 4px solid var(--border); padding: 0.25rem 0 0.25rem 0.75rem; }
.badge { display: inline-block; font-size: 0.8rem; font-weight: 700; color: #ffffff; border-radius: 4px; padding: 0 0.4rem; }
.badge.critical { background: #a3001b; }
.badge.high { background: #9a3b00; }
.badge.medium { background: #6f5300; }
.badge.low { background: #2b652d; }
.badge.info { background: #4f5358; }
.problem.critical { border-left-color: #a3001b; }
.problem.high { border-left-color: #9a3b00; }
.evidence q { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 0.9rem; }
progress { width: 100%; height: 1rem; }
.next-step { margin-top: 1rem; }
`;
