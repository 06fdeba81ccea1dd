import type { FetchedResponse } from '../../../net/fetcher.js';
import { usableResponse, type FetchedResource } from '../../snapshot.js';
import { m, notVerified, passed, problem, Findings, type CheckSpec, t } from '../check.js';
import { headerEvidence, listing, plural, quote, statusEvidence, listingPl, pluralPl } from '../evidence.js';
import { readRobots } from './robots-file.js';

const looksLikeHtml = (response: FetchedResponse) => response.mediaType === 'text/html' || /^\s*<(!doctype|html|head|body)/i.test(response.body);

export const llmsTxt: CheckSpec = {
  id: 'V6',
  title: 'llms.txt (optional: missing is informational)',
  weight: 3,
  run(snapshot) {
    const primary = usableResponse(snapshot.resources.get('llms'), '/llms.txt');
    if ('reason' in primary) return notVerified(primary.reason);
    let response = primary.response;
    if (response.status === 404 && snapshot.resources.has('llms-well-known')) {
      const fallback = usableResponse(snapshot.resources.get('llms-well-known'), '/.well-known/llms.txt');
      if ('response' in fallback) response = fallback.response;
    }
    const url = response.finalUrl;
    if (response.status === 404 || response.status === 410) {
      return problem({
            severity: 'info',
            found: t('Brak llms.txt. To powstająca konwencja (llmstxt.org), która daje modelom językowym krótką mapę witryny; jest opcjonalna, więc nie obniża oceny.', 'No llms.txt. It is an emerging convention (llmstxt.org) that gives language models a short map of the site; optional, so not penalised.'),
            evidence: [statusEvidence(url, response.status)],
            fix: t('Opublikuj /llms.txt w Markdownie: „# Nazwa witryny”, „> podsumowanie w jednym zdaniu”, a potem „## Sekcje” z kluczowymi stronami w postaci „- [Tytuł](URL): opis”.', 'Publish /llms.txt in Markdown: "# Site name", a "> one-line summary", then "## Sections" listing your key pages as "- [Title](URL): note".'),
            url,
          });
    }
    if (response.status !== 200) {
      return problem({ severity: 'low', found: t(`llms.txt odpowiada HTTP ${response.status}.`, `llms.txt answers HTTP ${response.status}.`), evidence: [statusEvidence(url, response.status)], fix: t('Udostępniaj /llms.txt z kodem 200 albo 404, jeśli go nie publikujesz.', 'Serve /llms.txt with 200, or 404 if you do not publish one.'), url });
    }
    if (looksLikeHtml(response)) {
      return problem({
            severity: 'low',
            found: t('llms.txt odpowiada stroną HTML (często domyślną stroną witryny), a nie plikiem Markdown, którego oczekują modele.', 'llms.txt answers with an HTML page (often the site\'s catch-all page), not the Markdown file models expect.'),
            evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 100))],
            fix: t('Udostępnij pod /llms.txt prawdziwy plik Markdown (text/markdown lub text/plain) albo pozwól, by ten adres odpowiadał 404.', 'Serve a real Markdown file at /llms.txt (text/markdown or text/plain), or let the address answer 404.'),
            url,
          });
    }
    const findings = new Findings();
    const lines = response.body.replace(/^\ufeff/, '').split(/\r?\n/);
    const firstContent = lines.find((line) => line.trim() !== '') ?? '';
    const title = /^#\s+(.+)/.exec(firstContent)?.[1];
    const hasSummary = lines.some((line) => /^>\s*\S/.test(line));
    const sections = lines.filter((line) => /^##\s+\S/.test(line)).length;
    const links = lines.filter((line) => /^\s*[-*]\s*\[[^\]]+\]\([^)\s]+\)/.test(line)).length;
    if (title === undefined) {
      findings.add({ severity: 'low', found: t('llms.txt nie zaczyna się od wiersza „# Tytuł”, jedynego elementu wymaganego przez format.', 'llms.txt does not start with a "# Title" line, the one part the format requires.'), evidence: [quote(`first line: ${firstContent}`)], fix: t('Zacznij plik od „# ” i nazwy witryny lub firmy.', 'Start the file with "# " and the name of the site or company.'), url });
    }
    if (links === 0) {
      findings.add({ severity: 'low', found: t('llms.txt nie zawiera żadnych linków, więc nie prowadzi modeli do żadnej strony.', 'llms.txt lists no links, so it does not lead models to any page.'), evidence: [`${plural(lines.length, 'line')}, no "- [name](url)" entries`], fix: t('Dodaj nagłówki „## Sekcja” z wierszami „- [Tytuł strony](https://...): krótki opis” dla kluczowych stron.', 'Add "## Section" headings with "- [Page title](https://...): short note" lines for your key pages.'), url });
    }
    if (!hasSummary) {
      findings.add({ severity: 'info', found: t('llms.txt nie ma pod tytułem wiersza z podsumowaniem („> ...”).', 'llms.txt has no "> summary" line under its title.'), evidence: [quote(firstContent)], fix: t('Dodaj pod tytułem jednozdaniowe podsumowanie („> ...”) tego, co oferuje witryna.', 'Add a one-sentence "> summary" of what the site offers under the title.'), url });
    }
    if (!/^text\/(markdown|plain|x-markdown)$/.test(response.mediaType)) {
      findings.add({ severity: 'low', found: t(`llms.txt jest wysyłany jako ${response.mediaType || 'plik bez typu treści'}.`, `llms.txt is served as ${response.mediaType || 'no content type'}.`), evidence: [headerEvidence('Content-Type', response.headers['content-type'])], fix: t('Wysyłaj go jako text/markdown lub text/plain z charset=utf-8.', 'Serve it as text/markdown or text/plain with charset=utf-8.'), url });
    }
    return findings.orPassed(t(`llms.txt pod adresem ${url}: "${quote(title ?? '', 60)}", ${hasSummary ? 'podsumowanie, ' : ''}${pluralPl(sections, 'sekcja', 'sekcje', 'sekcji')}, ${pluralPl(links, 'link', 'linki', 'linków')}.`, `llms.txt at ${url}: "${quote(title ?? '', 60)}", ${hasSummary ? 'a summary, ' : ''}${plural(sections, 'section')}, ${plural(links, 'link')}.`));
  },
};

const MARKDOWN_TYPES = /^text\/(markdown|x-markdown)$/;

export const markdownForAgents: CheckSpec = {
  id: 'V7',
  title: 'Markdown for agents (Accept: text/markdown, .md twin, Vary: Accept)',
  weight: 3,
  run(snapshot) {
    const negotiated = usableResponse(snapshot.resources.get('markdown-negotiated'), 'the home page as Markdown');
    const twinResource = snapshot.resources.get('markdown-twin');
    const twin = usableResponse(twinResource, 'the .md version of the home page');
    if ('reason' in negotiated && 'reason' in twin) return notVerified(negotiated.reason);
    const negotiates = 'response' in negotiated && negotiated.response.status === 200 && MARKDOWN_TYPES.test(negotiated.response.mediaType);
    const twinWorks =
      'response' in twin && twin.response.status === 200 && (MARKDOWN_TYPES.test(twin.response.mediaType) || (twin.response.mediaType === 'text/plain' && !looksLikeHtml(twin.response)));
    const advertised = snapshot.home.links.find((link) => link.rel.includes('alternate') && link.type === 'text/markdown');
    const findings = new Findings();
    if (!negotiates && !twinWorks) {
      findings.add({
        severity: 'info',
        found: t('Witryna nie oferuje wersji stron w Markdownie. Agenci AI muszą wtedy sami oczyszczać HTML; to opcjonalne, więc nie obniża oceny.', 'The site offers no Markdown version of its pages. Agents then have to strip the HTML themselves; optional, so not penalised.'),
        evidence: [
          'response' in negotiated ? `GET ${snapshot.home.url} with Accept: text/markdown -> ${negotiated.response.status} ${negotiated.response.mediaType}` : negotiated.reason.en,
          twinResource === undefined ? 'no .md address tried' : 'response' in twin ? `GET ${twinResource.url} -> ${twin.response.status} ${twin.response.mediaType}` : twin.reason.en,
        ].map((line) => quote(line)),
        fix: t('Odpowiadaj na Accept: text/markdown wersją strony w Markdownie (Content-Type: text/markdown, Vary: Accept) i udostępniaj ją także pod adresem strony z końcówką .md.', 'Answer Accept: text/markdown with a Markdown rendering of the page (Content-Type: text/markdown, Vary: Accept), and serve the same at the page address with .md.'),
        url: snapshot.home.url,
      });
    }
    if (negotiates && 'response' in negotiated) {
      const varies = (response: FetchedResponse) => /(^|,)\s*(accept|\*)\s*(,|$)/i.test(response.headers.vary ?? '');
      const missing = [negotiated.response, snapshot.home.response].filter((response) => !varies(response));
      if (missing.length > 0) {
        findings.add({
          severity: 'medium',
          found: t('Strona zmienia się zależnie od nagłówka Accept, ale tego nie deklaruje (brak Vary: Accept), więc cache lub CDN może podać przeglądarkom Markdown, a agentom HTML.', 'The page changes with the Accept header but does not say so (no Vary: Accept), so a cache or CDN can hand Markdown to browsers or HTML to agents.'),
          checked: m('V7.varyChecked', { variants: missing.map((response) => (MARKDOWN_TYPES.test(response.mediaType) ? 'Markdown' : 'HTML')), count: missing.length }),
          evidence: missing.map((response) => headerEvidence('Vary', response.headers.vary)),
          fix: t('Wysyłaj Vary: Accept zarówno w odpowiedziach HTML, jak i Markdown.', 'Send Vary: Accept on both the HTML and the Markdown responses.'),
          url: snapshot.home.url,
        });
      }
    }
    if ((negotiates || twinWorks) && advertised === undefined) {
      findings.add({
        severity: 'low',
        found: t('Wersja w Markdownie istnieje, ale HTML do niej nie odsyła, więc agenci AI znajdą ją tylko przez zgadywanie.', 'The Markdown version exists but the HTML does not point to it, so agents only find it by guessing.'),
        checked: m('evidence.missingIn', { what: '<link rel="alternate" type="text/markdown">', where: snapshot.home.url }),
        evidence: [],
        fix: t(`Dodaj <link rel="alternate" type="text/markdown" href="${twinWorks && twinResource !== undefined ? twinResource.url : '...md'}"> do sekcji head każdej strony.`, `Add <link rel="alternate" type="text/markdown" href="${twinWorks && twinResource !== undefined ? twinResource.url : '...md'}"> to the head of each page.`),
        url: snapshot.home.url,
      });
    }
    const ways = [negotiates ? m('V7.wayNegotiation') : undefined, twinWorks ? m('V7.wayTwin', { url: twinResource!.url }) : undefined, advertised !== undefined ? m('V7.wayLink') : undefined].filter((way) => way !== undefined);
    return findings.orPassed(m('V7.passed', { ways: { pl: ways.map((way) => way.pl), en: ways.map((way) => way.en) } }));
  },
};

export const sitemap: CheckSpec = {
  id: 'V8',
  title: 'XML sitemap, named in robots.txt, with recent lastmod',
  weight: 6,
  run(snapshot) {
    const resource = snapshot.resources.get('sitemap');
    const usable = usableResponse(resource, 'the sitemap');
    if ('reason' in usable) return notVerified(usable.reason);
    const response = usable.response;
    const robots = readRobots(snapshot);
    const declared = robots.state === 'served' ? robots.file.sitemaps : [];
    const url = response.finalUrl;
    if (response.status !== 200) {
      return problem({
            severity: 'medium',
            found: t(declared.length > 0 ? `robots.txt wskazuje mapę witryny, która odpowiada HTTP ${response.status}.` : `Brak mapy witryny: robots.txt żadnej nie wskazuje, a /sitemap.xml odpowiada HTTP ${response.status}.`, declared.length > 0 ? `robots.txt names a sitemap that answers HTTP ${response.status}.` : `There is no sitemap: none is named in robots.txt and /sitemap.xml answers HTTP ${response.status}.`),
            evidence: [statusEvidence(resource!.url, response.status)],
            fix: t('Opublikuj mapę witryny XML ze wszystkimi publicznymi stronami i datami <lastmod>, a w robots.txt wskaż ją wierszem „Sitemap: https://.../sitemap.xml”.', 'Publish an XML sitemap listing every public page with <lastmod>, and name it in robots.txt with "Sitemap: https://.../sitemap.xml".'),
            missingBasic: 'sitemap',
            url,
          });
    }
    const child = snapshot.resources.get('sitemap-child');
    const isIndex = /<sitemapindex[\s>]/i.test(response.body);
    const body = isIndex && child?.outcome.ok ? child.outcome.response.body : response.body;
    const findings = new Findings();
    if (!/<(urlset|sitemapindex)[\s>]/i.test(response.body)) {
      return problem({
            severity: 'medium',
            found: t(looksLikeHtml(response) ? 'Adres mapy witryny odpowiada stroną HTML, a nie mapą XML.' : 'Mapa witryny nie jest dokumentem XML mapy witryny (brak <urlset> lub <sitemapindex>).', looksLikeHtml(response) ? 'The sitemap address answers with an HTML page, not an XML sitemap.' : 'The sitemap is not a sitemap XML document (no <urlset> or <sitemapindex>).'),
            evidence: [headerEvidence('Content-Type', response.headers['content-type']), quote(response.body.slice(0, 100))],
            fix: t('Udostępnij mapę witryny w formacie XML sitemaps.org (application/xml).', 'Serve a sitemap in the sitemaps.org XML format (application/xml).'),
            missingBasic: 'sitemap',
            url,
          });
    }
    const locations = [...body.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/gi)].length;
    const lastmods = [...body.matchAll(/<lastmod>\s*([^<]+?)\s*<\/lastmod>/gi)].map((match) => match[1]!);
    if (locations === 0) {
      findings.add({ severity: 'medium', found: t('Mapa witryny nie zawiera żadnych adresów URL.', 'The sitemap lists no URLs.'), evidence: [quote(body.slice(0, 120))], fix: t('Dodaj każdą publiczną stronę jako wpis <url><loc>...</loc></url>.', 'List every public page in a <url><loc>...</loc></url> entry.'), url });
    }
    if (declared.length === 0) {
      findings.add({
        severity: 'low',
        found: t('Mapa witryny istnieje, ale robots.txt jej nie wskazuje, więc roboty, które nie zgadują adresu /sitemap.xml, jej nie znajdą.', 'The sitemap exists but robots.txt does not name it, so crawlers that do not guess /sitemap.xml miss it.'),
        evidence: [robots.state === 'served' ? 'no "Sitemap:" line in robots.txt' : 'no robots.txt'],
        fix: t(`Dodaj „Sitemap: ${url}” do robots.txt.`, `Add "Sitemap: ${url}" to robots.txt.`),
        url,
      });
    }
    const dates = lastmods.map((value) => Date.parse(value)).filter((time) => !Number.isNaN(time));
    if (locations > 0 && lastmods.length === 0) {
      findings.add({ severity: 'low', found: t('Mapa witryny nie podaje dat <lastmod>, więc roboty nie wiedzą, co się zmieniło, i odwiedzają strony przypadkowo.', 'The sitemap gives no <lastmod> dates, so crawlers cannot tell what changed and recrawl at random.'), evidence: [`${plural(locations, 'URL')}, no <lastmod>`], fix: t('Dodaj <lastmod> z rzeczywistą datą ostatniej zmiany każdej strony (data W3C, np. 2026-11-02).', 'Add <lastmod> with the real date each page last changed (W3C date, e.g. 2026-11-02).'), url });
    } else if (lastmods.length > dates.length) {
      findings.add({ severity: 'low', found: t('Niektóre wartości <lastmod> nie są datami.', 'Some <lastmod> values are not dates.'), evidence: lastmods.filter((value) => Number.isNaN(Date.parse(value))).slice(0, 3).map((value) => quote(`<lastmod>${value}</lastmod>`)), fix: t('Zapisuj lastmod jako datę W3C, np. 2026-11-02 lub 2026-11-02T10:00:00+01:00.', 'Write lastmod as a W3C date, e.g. 2026-11-02 or 2026-11-02T10:00:00+01:00.'), url });
    }
    const newest = dates.length > 0 ? Math.max(...dates) : undefined;
    if (newest !== undefined && snapshot.now - newest > 365 * 24 * 3600 * 1000) {
      findings.add({ severity: 'low', found: t(`Najnowszy <lastmod> w mapie witryny to ${new Date(newest).toISOString().slice(0, 10)}, ponad rok temu: albo nic się nie zmieniło, albo daty nie są aktualizowane.`, `The newest <lastmod> in the sitemap is ${new Date(newest).toISOString().slice(0, 10)}, over a year old: either nothing changed or the dates are not maintained.`), evidence: [`newest lastmod ${new Date(newest).toISOString().slice(0, 10)}`], fix: t('Generuj lastmod z rzeczywistych dat modyfikacji stron.', 'Generate lastmod from the pages\' real modification dates.'), url });
    }
    return findings.orPassed(t(`Mapa witryny ${url}${isIndex ? ' (indeks map)' : ''} zawiera ${pluralPl(locations, 'adres URL', 'adresy URL', 'adresów URL')}${newest === undefined ? '' : `, najnowszy lastmod ${new Date(newest).toISOString().slice(0, 10)}`}; wskazuje ją robots.txt.`, `Sitemap ${url}${isIndex ? ' (an index)' : ''} lists ${plural(locations, 'URL')}${newest === undefined ? '' : `, newest lastmod ${new Date(newest).toISOString().slice(0, 10)}`}, named in robots.txt.`));
  },
};

export const edgeBlocking: CheckSpec = {
  id: 'V5',
  title: 'CDN or firewall does not block AI crawlers',
  weight: 6,
  run(snapshot) {
    const blocked: { url: string; evidence: string }[] = [];
    for (const resource of snapshot.resources.values()) {
      if (resource.block !== undefined) blocked.push({ url: resource.url, evidence: resource.block.evidence });
    }
    for (const [url, alternate] of snapshot.alternates) {
      if ('block' in alternate && alternate.block !== undefined) blocked.push({ url, evidence: alternate.block.evidence });
    }
    if (blocked.length > 0) {
      return problem({
            severity: 'medium',
            found: t(`Część witryny odpowiada na zautomatyzowane żądania wyzwaniem lub odmową (${pluralPl(blocked.length, 'adres', 'adresy', 'adresów')}). Roboty, które trafią na tę samą blokadę, nie przeczytają tych stron.`, `Parts of the site answer automated requests with a challenge or a refusal (${plural(blocked.length, 'address', 'addresses')}). Crawlers that meet the same wall cannot read them.`),
            evidence: blocked.slice(0, 4).map((entry) => quote(`${entry.url}: ${entry.evidence}`)),
            fix: t('W CDN lub zaporze sieciowej wpuść zweryfikowane roboty wyszukiwarek AI i roboty pobierające strony na prośbę użytkownika (większość systemów zarządzania botami ma listę „verified bots”) i nigdy nie stawiaj wyzwań dla robots.txt, llms.txt ani map witryny.', 'In the CDN or firewall, allow verified AI search and user-fetch crawlers (most bot managers have a "verified bots" list) and never challenge robots.txt, llms.txt or sitemaps.'),
          });
    }
    return notVerified(
      t('Czy CDN lub zapora blokuje roboty AI, widać tylko z sieci samych robotów; systemy zarządzania botami blokują żądania, które jedynie podszywają się pod User-Agent robota, więc nie podszywamy się pod roboty. Nasze własne żądania nie napotkały wyzwań.', 'Whether the CDN or firewall blocks AI crawlers can only be seen from the crawlers\' own networks; bot managers block requests that merely claim a crawler\'s User-Agent, so we do not impersonate crawlers. Our own requests were not challenged.'),
    );
  },
};

export const agentDiscovery: CheckSpec = {
  id: 'V16',
  title: 'Agent discovery: Link headers, API catalog, MCP server card, OAuth metadata (informational)',
  weight: 0,
  run(snapshot) {
    const found: string[] = [];
    const link = snapshot.home.response.headers.link;
    if (link !== undefined && /rel="?[^"]*(api-catalog|service-desc|service-doc|describedby|alternate)/i.test(link)) found.push(quote(`Link: ${link}`, 120));
    const json = (resource: FetchedResource | undefined, label: string) => {
      if (resource?.outcome.ok && resource.outcome.response.status === 200 && /json/.test(resource.outcome.response.mediaType)) found.push(`${label} (${resource.url})`);
    };
    json(snapshot.resources.get('api-catalog'), 'API catalog, RFC 9727');
    json(snapshot.resources.get('mcp-server-card'), 'MCP server card');
    json(snapshot.resources.get('protected-resource'), 'OAuth protected resource metadata, RFC 9728');
    if (found.length === 0) {
      return problem({
            severity: 'info',
            found: t('Brak dokumentów, po których agenci AI odkrywają usługi: brak nagłówka Link do API, /.well-known/api-catalog, karty serwera MCP i metadanych OAuth protected-resource. To opcjonalne; ma znaczenie, gdy witryna udostępnia agentom API lub serwer MCP.', 'No agent discovery documents: no Link header to an API, no /.well-known/api-catalog, MCP server card or OAuth protected-resource metadata. Optional; they matter once the site offers an API or MCP server to agents.'),
            checked: m('V16.notFound', { files: ['/.well-known/api-catalog', '/.well-known/mcp/server-card.json', '/.well-known/oauth-protected-resource'] }),
            evidence: [],
            fix: t('Jeśli udostępniasz API lub serwer MCP, opublikuj /.well-known/api-catalog (RFC 9727) i wskaż go nagłówkiem Link.', 'If you offer an API or MCP server, publish /.well-known/api-catalog (RFC 9727) and point to it with a Link header.'),
            url: snapshot.home.url,
          });
    }
    return passed(t(`Odkrywanie przez agentów AI: ${listingPl(found)}.`, `Agent discovery: ${listing(found)}.`));
  },
};

