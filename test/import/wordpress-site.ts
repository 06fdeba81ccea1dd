import { gzipSync } from 'node:zlib';
import type { Routes } from '../helpers/fixture-site.js';

/**
 * A site built the way a typical WordPress site is: a theme with header navigation, a footer
 * and a cookie banner around every page; one Yoast-style JSON-LD graph per page; a sitemap
 * index (as Yoast writes it) with a gzip-compressed child; one old page in windows-1250; a
 * redirect; a page that fails with 500; a page robots.txt excludes; a page in German.
 */
export function wordpressSite(origin: string): Routes {
  const page = (path: string, title: string, body: string, options: { lang?: string; webPageType?: string | string[]; extraGraph?: object[]; head?: string } = {}) => {
    const graph = [
      { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'Pixel Studio Sp. z o.o.', url: `${origin}/` },
      { '@type': 'WebSite', '@id': `${origin}/#website`, url: `${origin}/`, name: 'Pixel Studio', publisher: { '@id': `${origin}/#organization` } },
      { '@type': options.webPageType ?? 'WebPage', '@id': `${origin}${path}`, url: `${origin}${path}`, name: `${title} - Pixel Studio`, isPartOf: { '@id': `${origin}/#website` }, datePublished: '2024-03-01T10:00:00+00:00', dateModified: '2025-06-15T08:30:00+00:00' },
      { '@type': 'BreadcrumbList', itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Strona główna', item: `${origin}/` }] },
      ...(options.extraGraph ?? []),
    ];
    return `<!DOCTYPE html>
<html lang="${options.lang ?? 'pl-PL'}">
<head>
<meta charset="UTF-8">
<title>${title} - Pixel Studio</title>
<meta name="description" content="${title}: Pixel Studio, agencja marketingu internetowego z Poznania.">
<link rel="canonical" href="${origin}${path}">
<meta property="og:site_name" content="Pixel Studio">
${options.head ?? ''}
<script type="application/ld+json" class="yoast-schema-graph">${JSON.stringify({ '@context': 'https://schema.org', '@graph': graph })}</script>
<link rel="stylesheet" href="/wp-content/themes/astra/style.css">
</head>
<body class="page-template-default page">
<div id="page" class="site">
<header id="masthead" class="site-header"><div class="site-branding"><a href="/">Pixel Studio</a></div>
<nav id="site-navigation" class="main-navigation"><ul id="primary-menu" class="menu">
<li><a href="/">Strona główna</a></li><li><a href="/uslugi/">Usługi</a></li><li><a href="/cennik/">Cennik</a></li><li><a href="/blog/">Blog</a></li><li><a href="/kontakt/">Kontakt</a></li>
</ul></nav></header>
<div id="content" class="site-content"><main id="main" class="site-main">
<article class="page type-page status-publish hentry"><header class="entry-header"><h1 class="entry-title">${title}</h1></header>
<div class="entry-content">${body}</div>
<div class="sharedaddy sd-sharing-enabled"><h3 class="sd-title">Udostępnij:</h3><a href="https://www.facebook.com/sharer.php?u=${origin}${path}">Facebook</a></div>
</article></main></div>
<footer id="colophon" class="site-footer"><p>© 2025 Pixel Studio · ul. Półwiejska 12, Poznań · <a href="/polityka-prywatnosci/">Polityka prywatności</a></p></footer>
</div>
<div id="cookie-notice" role="dialog" class="cookie-notice-container"><span id="cn-notice-text">Używamy plików cookies, aby strona działała lepiej.</span><a href="#" id="cn-accept-cookie">Akceptuję</a></div>
<script src="/wp-includes/js/jquery/jquery.min.js"></script>
</body>
</html>`;
  };
  const para = (text: string) => `<p>${text}</p>`;
  const lorem = 'Od dziesięciu lat pomagamy firmom z Wielkopolski zdobywać klientów w internecie. Każdy projekt zaczynamy od rozmowy o celach, a kończymy raportem z wynikami.';
  const sitemap = (urls: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls.map((url) => `<url><loc>${origin}${url}</loc><lastmod>2025-06-15T08:30:00+00:00</lastmod></url>`).join('')}</urlset>`;
  return {
    '/robots.txt': { headers: { 'content-type': 'text/plain' }, body: `User-agent: *\nDisallow: /wp-admin/\nDisallow: /prywatne/\n\nSitemap: ${origin}/sitemap_index.xml\n` },
    '/sitemap_index.xml': {
      headers: { 'content-type': 'application/xml; charset=UTF-8' },
      body: `<?xml version="1.0" encoding="UTF-8"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/page-sitemap.xml</loc></sitemap><sitemap><loc>${origin}/post-sitemap.xml.gz</loc></sitemap></sitemapindex>`,
    },
    '/page-sitemap.xml': {
      headers: { 'content-type': 'application/xml; charset=UTF-8' },
      body: sitemap(['/', '/uslugi/', '/uslugi/pozycjonowanie-lokalne/', '/cennik/', '/kontakt/', '/o-nas/', '/stara-strona/', '/awaria/', '/prywatne/raport/', '/de/ueber-uns/', '/polityka-prywatnosci/']),
    },
    '/post-sitemap.xml.gz': { headers: { 'content-type': 'application/x-gzip' }, body: gzipSync(sitemap(['/blog/jak-mierzyc-konwersje/'])) },
    '/': { body: page('/', 'Agencja marketingu internetowego Poznań', para(lorem) + '<h2>Co robimy</h2>' + para('Pozycjonowanie lokalne, kampanie Google Ads i strony internetowe dla małych firm.')) },
    '/uslugi/': { body: page('/uslugi/', 'Usługi', para(lorem) + '<h2>Nasze usługi</h2><ul><li><a href="/uslugi/pozycjonowanie-lokalne/">Pozycjonowanie lokalne</a></li></ul>') },
    '/uslugi/pozycjonowanie-lokalne/': {
      body: page('/uslugi/pozycjonowanie-lokalne/', 'Pozycjonowanie lokalne', para(lorem) + '<h2>Jak pracujemy</h2>' + para('Zaczynamy od audytu wizytówki Google i konkurencji w okolicy.') + '<h2>Przykładowa konfiguracja</h2><pre><code>&lt;script type="application/ld+json"&gt;{"@type": "LocalBusiness"}&lt;/script&gt;</code></pre>'),
    },
    '/cennik/': {
      body: page('/cennik/', 'Cennik', para(lorem) + '<h2>Ceny usług</h2><table><thead><tr><th>Usługa</th><th>Cena</th></tr></thead><tbody><tr><td>Pozycjonowanie lokalne</td><td>od 1 500 zł netto / mies.</td></tr><tr><td>Kampania Google Ads</td><td>od 900 zł netto / mies.</td></tr></tbody></table>'),
    },
    '/kontakt/': {
      body: page('/kontakt/', 'Kontakt', para(lorem) + '<h2>Napisz lub zadzwoń</h2>' + para('E-mail: <a href="mailto:biuro@pixel-studio.example">biuro@pixel-studio.example</a>, telefon: <a href="tel:+48612345678">+48 61 234 56 78</a>.') + '<form class="wpcf7-form"><input name="your-name"><textarea name="your-message"></textarea><button>Wyślij</button></form>', { webPageType: ['WebPage', 'ContactPage'] }),
    },
    '/o-nas/': { body: page('/o-nas/', 'O nas', para(lorem) + '<h2>Zespół</h2>' + para('Jesteśmy zespołem pięciu specjalistów od marketingu.'), { webPageType: ['WebPage', 'AboutPage'] }) },
    '/polityka-prywatnosci/': { body: page('/polityka-prywatnosci/', 'Polityka prywatności', para(lorem) + '<h2>Administrator danych</h2>' + para('Administratorem danych jest Pixel Studio Sp. z o.o.')) },
    '/stara-strona/': { status: 301, headers: { location: `${origin}/o-nas/` } },
    '/awaria/': { status: 500, body: '<h1>Internal Server Error</h1>' },
    '/prywatne/raport/': { body: page('/prywatne/raport/', 'Raport wewnętrzny', para(lorem)) },
    '/de/ueber-uns/': { body: page('/de/ueber-uns/', 'Über uns', para('Wir sind eine Agentur für Online-Marketing aus Posen, seit zehn Jahren für kleine Unternehmen tätig.'), { lang: 'de-DE' }) },
    '/blog/jak-mierzyc-konwersje/': {
      headers: { 'content-type': 'text/html' },
      body: windows1250(
        page('/blog/jak-mierzyc-konwersje/', 'Jak mierzyć konwersje', para('Zażółć gęślą jaźń: każda źle zmierzona konwersja to źle wydany budżet. ' + lorem) + '<h2>Źródła błędów</h2>' + para('Najczęstszy błąd to podwójne zliczanie zakupów.'), {
          webPageType: 'WebPage',
          extraGraph: [{ '@type': 'Article', headline: 'Jak mierzyć konwersje', author: { '@type': 'Person', name: 'Anna Nowak' }, datePublished: '2024-03-01T10:00:00+00:00', mainEntityOfPage: { '@id': `${origin}/blog/jak-mierzyc-konwersje/` } }],
        }).replace('<meta charset="UTF-8">', '<meta charset="windows-1250">'),
      ),
    },
  };
}

/** The Polish letters of windows-1250 (the rest of the fixture is ASCII). */
const WINDOWS_1250: Readonly<Record<string, number>> = {
  ą: 0xb9, ć: 0xe6, ę: 0xea, ł: 0xb3, ń: 0xf1, ó: 0xf3, ś: 0x9c, ź: 0x9f, ż: 0xbf, Ą: 0xa5, Ć: 0xc6, Ę: 0xca, Ł: 0xa3, Ń: 0xd1, Ó: 0xd3, Ś: 0x8c, Ź: 0x8f, Ż: 0xaf, '©': 0xa9, '·': 0xb7, Ü: 0xdc, ü: 0xfc,
};

function windows1250(text: string): Buffer {
  return Buffer.from([...text].map((char) => WINDOWS_1250[char] ?? (char.charCodeAt(0) < 0x80 ? char.charCodeAt(0) : 0x3f)));
}
