import type { HtmlPage } from '../../../net/page/html-page.js';
import { Findings, joined, m, type CheckSpec, type Finding, t } from '../check.js';
import { headerEvidence, listing, plural, quote, listingPl, pluralPl } from '../evidence.js';

/** Meta names that address crawlers: the generic one and the ones of search and AI crawlers. */
const ROBOTS_META_NAMES = /^(robots|googlebot|googlebot-news|bingbot|gptbot|chatgpt-user|oai-searchbot|claudebot|claude-searchbot|perplexitybot|google-extended)$/;

export const pageLevelBlocks: CheckSpec = {
  id: 'V4',
  title: 'No noindex or nosnippet on the pages',
  weight: 12,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) {
      const isHome = page === snapshot.home;
      const directives: { source: string; tokens: string[]; target: string }[] = [];
      for (const tag of page.meta.filter((meta) => ROBOTS_META_NAMES.test(meta.key))) {
        directives.push({ source: tag.tag, tokens: tokens(tag.content), target: tag.key });
      }
      const header = page.response.headers['x-robots-tag'];
      if (header !== undefined) {
        for (const part of header.split(/,(?=\s*[\w-]+\s*:)/)) {
          const match = /^\s*([\w-]+)\s*:\s*(.*)$/.exec(part);
          const isAgentPrefix = match !== null && !/^(max-snippet|max-image-preview|max-video-preview|unavailable_after)$/i.test(match[1]!);
          directives.push({
            source: headerEvidence('X-Robots-Tag', header),
            tokens: tokens(isAgentPrefix ? match![2]! : part),
            target: isAgentPrefix ? match![1]!.toLowerCase() : 'robots',
          });
        }
      }
      const who = (target: string) => (target === 'robots' ? 'all crawlers' : target);
      const whoPl = (target: string) => (target === 'robots' ? 'wszystkim robotom' : target);
      for (const directive of directives) {
        if (directive.tokens.includes('noindex') || directive.tokens.includes('none')) {
          findings.at(page.url).add({
            severity: isHome ? 'critical' : 'high',
            found: t(`${isHome ? 'Strona główna' : 'Ta strona'} zabrania ${whoPl(directive.target)} indeksowania (noindex), więc nie może pojawić się w wynikach wyszukiwania ani w odpowiedziach AI.`, `${isHome ? 'The home page' : 'This page'} tells ${who(directive.target)} not to index it (noindex), so it cannot appear in search or AI answers.`),
            evidence: [quote(directive.source)],
            fix: t('Usuń noindex ze stron, które mają być znajdowane; zostaw go tylko na stronach, które muszą pozostać poza wyszukiwarką (strony podziękowania, wyszukiwarka wewnętrzna).', 'Remove noindex from pages that should be found; keep it only on pages that must stay out of search (thank-you pages, internal search).')
          });
        }
        const snippetBlock = directive.tokens.find((token) => token === 'nosnippet' || /^max-snippet:\s*0$/.test(token));
        if (snippetBlock !== undefined) {
          findings.at(page.url).add({
            severity: 'high',
            found: t(`${isHome ? 'Strona główna' : 'Ta strona'} zabrania ${whoPl(directive.target)} pokazywania fragmentów (${snippetBlock}): wyszukiwarki i odpowiedzi AI nie mogą jej cytować, co w praktyce wyklucza ją z podsumowań AI.`, `${isHome ? 'The home page' : 'This page'} forbids snippets (${snippetBlock}) for ${who(directive.target)}: search engines and AI answers may not quote it, which in practice keeps it out of AI summaries.`),
            evidence: [quote(directive.source)],
            fix: t('Usuń nosnippet / max-snippet:0 albo użyj data-nosnippet tylko dla tych kilku elementów, których nie wolno cytować.', 'Remove nosnippet / max-snippet:0, or use data-nosnippet on the few elements that must not be quoted.')
          });
        }
        const aiOptOut = directive.tokens.filter((token) => token === 'noai' || token === 'noimageai');
        if (aiOptOut.length > 0) {
          findings.at(page.url).add({
            severity: 'info',
            found: t(`Strona zawiera ${listingPl(aiOptOut)}: niestandardowe wartości, które główne roboty AI ignorują; to jedynie sygnał sprzeciwu.`, `The page carries ${listing(aiOptOut)}: non-standard values that the major AI crawlers ignore; they only signal an opt-out.`),
            evidence: [quote(directive.source)],
            fix: t('Jeśli to świadomy wybór, nie trzeba nic poprawiać. Roboty faktycznie czytają grupy w robots.txt i Content-Signal.', 'Nothing to fix if this is your choice. robots.txt groups and Content-Signal are what crawlers actually read.')
          });
        }
      }
      const nosnippetElements = (page.html.match(/\sdata-nosnippet(\s|=|>)/gi) ?? []).length;
      if (nosnippetElements > 0) {
        findings.at(page.url).add({
          severity: 'info',
          found: t(`${pluralPl(nosnippetElements, 'element', 'elementy', 'elementów')} z atrybutem data-nosnippet: ich tekst nie będzie cytowany w wyszukiwarce ani w odpowiedziach AI.`, `${plural(nosnippetElements, 'element')} marked data-nosnippet: their text will not be quoted in search or AI answers.`),
          evidence: [`data-nosnippet x${nosnippetElements}`],
          fix: t('W porządku dla powtarzalnych elementów; upewnij się, że nie ma w nich kluczowej treści (usługi, ceny, kontakt).', 'Fine for boilerplate; make sure no key content (services, prices, contact) is inside these elements.')
        });
      }
    }
    return findings.orPassed(t(`Brak noindex, nosnippet i max-snippet:0 w metatagach robots i nagłówkach X-Robots-Tag (${pluralPl(snapshot.pages.length, 'strona', 'strony', 'stron')}).`, `No noindex, nosnippet or max-snippet:0 in the robots meta tags or X-Robots-Tag headers of ${plural(snapshot.pages.length, 'page')}.`));
  },
};

function tokens(content: string): string[] {
  return content.toLowerCase().split(',').map((token) => token.trim().replace(/\s*:\s*/, ':')).filter(Boolean);
}

/** Elements that frameworks render a whole application into. */
const SHELL_ROOT = /<(div|main)\s[^>]*id=["']?(root|app|__next|___gatsby|svelte|q-app|__nuxt)["']?[^>]*>\s*<\/\1>|<app-root[^>]*>\s*<\/app-root>/i;
const TAG_HOSTS = /googletagmanager\.com|google-analytics\.com|facebook\.net|licdn\.com|clarity\.ms|hotjar\.com|bing\.com|tiktok\.com/;
const NEEDS_JS = /<noscript[^>]*>[^<]*(enable|turn on|włącz)[^<]*javascript/i;

export const contentWithoutJs: CheckSpec = {
  id: 'V9',
  title: 'Content is in the HTML, without running JavaScript',
  weight: 14,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) {
      const words = wordCount(page.visibleText);
      const isHome = page === snapshot.home;
      const shell = SHELL_ROOT.exec(page.html)?.[0] ?? NEEDS_JS.exec(page.html)?.[0];
      // Application bundles, not tags: a few words next to an analytics snippet is a thin page, not an app shell.
      const scripts = page.scripts.filter((script) => (script.src !== undefined && !TAG_HOSTS.test(script.src)) || script.type === 'module' || script.code.length > 2000).length;
      if (words < 50 && (shell !== undefined || (scripts > 0 && page.bodyElementCount < 25))) {
        findings.at(page.url).add({
          severity: isHome ? 'critical' : 'high',
          found: t(`${isHome ? 'Strona główna' : 'Ta strona'} ma w HTML tylko ${pluralPl(words, 'słowo', 'słowa', 'słów')} tekstu; treść jest generowana przez JavaScript. Roboty AI nie uruchamiają JavaScriptu, więc dla nich strona jest pusta.`, `${isHome ? 'The home page' : 'This page'} has only ${plural(words, 'word')} of text in its HTML; the content is drawn by JavaScript. AI crawlers do not run JavaScript, so to them the page is empty.`),
          checked: shell === undefined ? joined([m('evidence.scriptsAndWords', { scripts, words }), m('evidence.visibleText')]) : m('evidence.visibleText'),
          evidence: [...(shell === undefined ? [] : [quote(shell)]), quote(page.visibleText, 120)],
          fix: t('Renderuj treść po stronie serwera (SSR lub generowanie statyczne, np. Next.js/Nuxt/Astro SSG), tak aby sam HTML zawierał tekst.', 'Render the content on the server (server-side rendering or static generation, e.g. Next.js/Nuxt/Astro SSG) so the HTML itself contains the text.')
        });
      } else if (words < 100) {
        findings.at(page.url).add({
          severity: 'medium',
          found: t(`${isHome ? 'Strona główna' : 'Ta strona'} ma w HTML tylko ${pluralPl(words, 'słowo', 'słowa', 'słów')} tekstu: za mało, by asystent AI ją zrozumiał lub zacytował.`, `${isHome ? 'The home page' : 'This page'} has only ${plural(words, 'word')} of text in its HTML: little for an assistant to understand or quote.`),
          checked: m('evidence.visibleText'),
          evidence: [quote(page.visibleText, 160)],
          fix: t('Napisz na stronie zwykłym tekstem, co oferujesz, komu i gdzie, z kluczowymi informacjami (usługi, ceny, kontakt).', 'Say in plain text on the page what you offer, to whom and where, with the key facts (services, prices, contact).')
        });
      }
    }
    const counts = snapshot.pages.map((page) => wordCount(page.visibleText));
    return findings.orPassed(t(`Treść jest w samym HTML (${listingPl(counts.map(describeWordsPl))}; ${pluralPl(snapshot.pages.length, 'strona', 'strony', 'stron')}).`, `The HTML itself carries the content (${listing(counts.map(describeWords))} on ${plural(snapshot.pages.length, 'page')}).`));
  },
};

/** Words in the text, counted up to `cap` (the checks only need to know about small numbers). */
export function wordCount(text: string, cap = WORDS_COUNTED): number {
  const word = /[\p{L}\p{N}][^\s]*/gu;
  let count = 0;
  while (count < cap && word.exec(text) !== null) count += 1;
  return count;
}

const WORDS_COUNTED = 1000;
const describeWords = (count: number) => (count >= WORDS_COUNTED ? `${WORDS_COUNTED}+ words` : plural(count, 'word'));
const describeWordsPl = (count: number) => (count >= WORDS_COUNTED ? `${WORDS_COUNTED}+ słów` : pluralPl(count, 'słowo', 'słowa', 'słów'));

const HREFLANG = /^([a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?|x-default)$/i;

export const metaBasics: CheckSpec = {
  id: 'V12',
  title: 'Title, description, canonical, language, hreflang and Open Graph',
  weight: 14,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) addPageMetaFindings(findings.at(page.url), page);
    addHreflangFindings(findings, snapshot.home, snapshot.alternates);
    return findings.orPassed(t(`Każda przeczytana strona ma tytuł, opis meta, adres kanoniczny i język; ${snapshot.alternates.size > 0 ? 'wersje językowe linkują do siebie nawzajem' : 'nie zadeklarowano wersji językowych'}.`, `Every page read has a title, a description, a canonical URL and a language; ${snapshot.alternates.size > 0 ? 'the language versions link to each other' : 'no language versions are declared'}.`));
  },
};

function addPageMetaFindings(findings: Findings, page: HtmlPage): void {
  if (page.title === undefined || page.title === '') {
    findings.add({ severity: 'high', found: t('Strona nie ma znacznika <title>: asystenci AI i wyniki wyszukiwania pokazują zamiast niego adres.', 'The page has no <title>: assistants and search results show it as an address.'), checked: m('evidence.missing', { what: '<title>' }), evidence: [], fix: t('Nadaj każdej stronie unikalny <title> o długości 30-60 znaków, mówiący, co oferuje.', 'Give every page a unique <title> of 30-60 characters naming what it offers.'), missingBasic: 'title' });
  } else if (page.title.length < 10 || page.title.length > 65) {
    findings.add({
      severity: 'low',
      found: t(page.title.length < 10 ? 'Tytuł jest za krótki, by powiedzieć, czego dotyczy strona (najlepiej 10-65 znaków).' : 'Tytuł jest za długi i zostanie ucięty w wynikach (najlepiej 10-65 znaków).', page.title.length < 10 ? 'The title is too short to say what the page is (10-65 characters work best).' : 'The title is too long and will be cut in results (10-65 characters work best).'),
      checked: m('evidence.length', { count: page.title.length }),
      evidence: [quote(`<title>${page.title}</title>`)],
      fix: t('Napisz tytuł o długości 30-60 znaków: najpierw to, co oferuje strona, potem marka.', 'Write a title of 30-60 characters: what the page offers, then the brand.')
    });
  }
  const description = page.meta1('description');
  if (description === undefined || description === '') {
    findings.add({ severity: 'medium', found: t('Strona nie ma opisu meta, czyli podsumowania pokazywanego przez asystentów AI i w wynikach wyszukiwania.', 'The page has no meta description, the summary assistants and search results show.'), checked: m('evidence.missing', { what: '<meta name="description">' }), evidence: [], fix: t('Dodaj <meta name="description" content="..."> o długości 70-160 znaków, podsumowujący stronę.', 'Add <meta name="description" content="..."> of 70-160 characters summarising the page.'), missingBasic: 'meta description' });
  } else if (description.length < 50 || description.length > 170) {
    findings.add({
      severity: 'low',
      found: t(description.length < 50 ? 'Opis meta jest za krótki, by był przydatny (najlepiej 50-170 znaków).' : 'Opis meta jest za długi i zostanie ucięty (najlepiej 50-170 znaków).', description.length < 50 ? 'The meta description is too short to be useful (50-170 characters work best).' : 'The meta description is too long and will be cut (50-170 characters work best).'),
      checked: m('evidence.length', { count: description.length }),
      evidence: [quote(`<meta name="description" content="${description}">`)],
      fix: t('Napisz opis o długości 70-160 znaków.', 'Write a description of 70-160 characters.')
    });
  }
  const canonical = page.links.find((link) => link.rel.includes('canonical'));
  if (canonical?.href === undefined) {
    findings.add({ severity: 'low', found: t('Strona nie deklaruje adresu kanonicznego, więc roboty zgadują, który z jej adresów jest właściwy.', 'The page declares no canonical URL, so crawlers guess which of its addresses is the real one.'), checked: m('evidence.missing', { what: '<link rel="canonical">' }), evidence: [], fix: t('Dodaj <link rel="canonical" href="..."> z pełnym adresem tej strony.', 'Add <link rel="canonical" href="..."> with the page\'s own full URL.') });
  } else if (new URL(canonical.href).host !== new URL(page.url).host) {
    findings.add({
      severity: 'medium',
      found: t('Adres kanoniczny wskazuje inny host, więc roboty indeksują tamten adres zamiast tego.', 'The canonical URL points to another host, so crawlers index that address instead of this one.'),
      evidence: [quote(canonical.tag)],
      fix: t('Ustaw adres kanoniczny na własny adres strony w domenie, która ma być indeksowana.', 'Point the canonical at the page\'s own address on the host you want indexed.')
    });
  }
  if (page.lang === undefined) {
    findings.add({ severity: 'medium', found: t('Strona nie deklaruje swojego języka (<html lang>), więc asystenci AI mogą odpowiadać w niewłaściwym języku lub źle ją dopasować.', 'The page does not declare its language (<html lang>), so assistants may answer in or match the wrong language.'), checked: m('evidence.noLang'), evidence: [], fix: t('Dodaj atrybut lang do elementu html, np. <html lang="pl">.', 'Add lang to the html element, e.g. <html lang="pl">.'), missingBasic: 'page language' });
  }
  const openGraph = ['og:title', 'og:description', 'og:image'].filter((key) => page.meta1(key) === undefined);
  if (openGraph.length > 0) {
    findings.add({
      severity: 'low',
      found: t(`Brakuje tagów Open Graph: ${listingPl(openGraph)}. Komunikatory i asystenci AI używają ich do podglądu linków.`, `Open Graph tags missing: ${listing(openGraph)}. Chat apps and assistants use them for link previews.`),
      checked: m('evidence.missing', { what: openGraph.map((key) => `<meta property="${key}">`) }),
      evidence: [],
      fix: t('Dodaj og:title, og:description i og:image (oraz og:url) do każdej strony.', 'Add og:title, og:description and og:image (and og:url) to every page.')
    });
  }
  const badLangs = page.links.filter((link) => link.hreflang !== undefined && !HREFLANG.test(link.hreflang));
  if (badLangs.length > 0) {
    findings.add({
      severity: 'low',
      found: t('Niektóre wartości hreflang nie są kodami języka, więc roboty pomijają te wersje.', 'Some hreflang values are not language codes, so crawlers ignore those alternates.'),
      evidence: badLangs.slice(0, 3).map((link) => quote(link.tag)),
      fix: t('Używaj kodów ISO 639-1 z opcjonalnym regionem, np. „pl”, „en”, „en-GB”, albo „x-default”.', 'Use ISO 639-1 codes with an optional region, e.g. "pl", "en", "en-GB", or "x-default".')
    });
  }
}

function addHreflangFindings(findings: Findings, home: HtmlPage, alternates: ReadonlyMap<string, HtmlPage | { url: string }>): void {
  const declared = home.links.filter((link) => link.rel.includes('alternate') && link.hreflang !== undefined && link.href !== undefined);
  if (declared.length === 0) return;
  if (!declared.some((link) => samePage(link.href!, home.url))) {
    findings.add({
      severity: 'low',
      found: t('Wersje hreflang nie obejmują samej strony; każda wersja językowa powinna wymieniać wszystkie wersje, łącznie ze sobą.', 'The hreflang alternates do not include the page itself; each language version should list all versions, itself included.'),
      evidence: declared.slice(0, 3).map((link) => quote(link.tag)),
      fix: t(`Dodaj do zestawu <link rel="alternate" hreflang="${home.lang ?? 'xx'}" href="${home.url}">.`, `Add <link rel="alternate" hreflang="${home.lang ?? 'xx'}" href="${home.url}"> to the set.`),
      url: home.url,
    });
  }
  for (const [url, alternate] of alternates) {
    if (!('visibleText' in alternate)) continue;
    const linksBack = alternate.links.some((link) => link.rel.includes('alternate') && link.hreflang !== undefined && link.href !== undefined && samePage(link.href, home.url));
    if (!linksBack) {
      findings.add({
        severity: 'medium',
        found: t('Wersja językowa nie odsyła przez hreflang do strony głównej, więc roboty ignorują tę parę (hreflang musi być wzajemny).', 'A language version does not link back to the home page with hreflang, so crawlers ignore the pair (hreflang must be reciprocal).'),
        evidence: [quote(`${url} has no <link rel="alternate" hreflang="..." href="${home.url}">`)],
        fix: t('Wymień każdą wersję językową, łącznie z bieżącą, na każdej wersji strony.', 'List every language version, itself included, on every version of the page.'),
        url,
      });
    }
  }
}

function samePage(a: string, b: string): boolean {
  try {
    const left = new URL(a);
    const right = new URL(b);
    const path = (url: URL) => url.pathname.replace(/\/$/, '') || '/';
    return left.host === right.host && path(left) === path(right);
  } catch {
    return false;
  }
}

export const structure: CheckSpec = {
  id: 'V13',
  title: 'Readable structure: one H1, ordered headings, <main>, image alt text',
  weight: 6,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) {
      const found = findings.at(page.url);
      const h1 = page.headings.filter((heading) => heading.level === 1);
      if (h1.length === 0) {
        found.add({ severity: 'medium', found: t('Strona nie ma nagłówka H1, który najjaśniej mówi, czego dotyczy.', 'The page has no H1 heading, the clearest statement of what it is about.'), evidence: ['no <h1>'], fix: t('Nadaj stronie jeden nagłówek H1 z jej tematem.', 'Give the page one H1 naming its subject.') });
      } else if (h1.length > 1) {
        found.add({ severity: 'low', found: t('Strona ma więcej niż jeden nagłówek H1; jeden jasno wskazuje temat.', 'The page has more than one H1 heading; one makes the subject clear.'), evidence: h1.slice(0, 3).map((heading) => quote(`<h1>${heading.text}</h1>`)), fix: t('Zostaw jeden H1, a pozostałe zamień na H2.', 'Keep one H1 and turn the others into H2.') });
      }
      const skip = page.headings.find((heading, index) => index > 0 && heading.level > page.headings[index - 1]!.level + 1);
      if (skip !== undefined) {
        const previous = page.headings[page.headings.indexOf(skip) - 1]!;
        found.add({ severity: 'low', found: t('Nagłówki pomijają poziom, co zaciera strukturę czytaną przez maszyny.', 'Headings skip a level, which blurs the outline machines read.'), evidence: [quote(`<h${previous.level}>${previous.text}</h${previous.level}> then <h${skip.level}>${skip.text}</h${skip.level}>`)], fix: t('Zagnieżdżaj nagłówki po jednym poziomie (H2 pod H1, H3 pod H2).', 'Nest headings one level at a time (H2 under H1, H3 under H2).') });
      }
      if (!page.hasMain) {
        found.add({ severity: 'low', found: t('Strona nie ma elementu <main>, więc parsery nie odróżnią treści od nawigacji i stopki.', 'The page has no <main> element, so parsers cannot tell the content from navigation and footer.'), evidence: ['no <main> or role="main"'], fix: t('Umieść właściwą treść strony w elemencie <main>.', 'Wrap the page\'s own content in <main>.') });
      }
      const withoutAlt = page.images.filter((image) => image.src !== '' && image.alt === undefined);
      if (withoutAlt.length > 0) {
        found.add({ severity: 'low', found: t('Obrazy bez tekstu alternatywnego (alt): to, co przedstawiają, jest dla maszyn niewidoczne.', 'Images without alt text: what they show is invisible to machines.'), evidence: withoutAlt.slice(0, 3).map((image) => quote(`<img src="${image.src}">`)), fix: t('Opisz każdy istotny obraz w atrybucie alt; dla ozdobników użyj alt="".', 'Describe each meaningful image in alt; use alt="" for decoration.') });
      }
    }
    const images = snapshot.pages.reduce((sum, page) => sum + page.images.filter((image) => image.src !== '').length, 0);
    return findings.orPassed(t(`${pluralPl(snapshot.pages.length, 'strona', 'strony', 'stron')} z jednym H1, uporządkowanymi nagłówkami i <main>; ${images === 0 ? 'brak obrazów' : `wszystkie obrazy (${images}) mają tekst alternatywny`}.`, `${plural(snapshot.pages.length, 'page')} with one H1, ordered headings and <main>; ${images === 0 ? 'no images' : `all ${plural(images, 'image')} with alt text`}.`));
  },
};

/** A heading that asks a question (topic headings such as "What we do" are not). */
const QUESTION = /\?\s*$/;

export const answerability: CheckSpec = {
  id: 'V17',
  title: 'Answerable content: questions marked up as FAQ (heuristic)',
  weight: 2,
  run(snapshot) {
    const findings = new Findings();
    const hasFaqMarkup = snapshot.pages.some((page) => page.jsonLd.some((block) => JSON.stringify(block.value ?? '').includes('"FAQPage"')));
    for (const page of snapshot.pages) {
      const questions = page.headings.filter((heading) => heading.level >= 2 && QUESTION.test(heading.text));
      if (questions.length >= 2 && !hasFaqMarkup) {
        findings.at(page.url).add({
          severity: 'low',
          found: t(`Strona odpowiada w nagłówkach na ${pluralPl(questions.length, 'pytanie', 'pytania', 'pytań')}, ale nie ma danych strukturalnych FAQPage, dzięki którym asystenci AI biorą pytanie i odpowiedź jako parę.`, `The page answers ${questions.length} questions in its headings but has no FAQPage structured data, which lets assistants take question and answer as a pair.`),
          evidence: questions.slice(0, 3).map((heading) => quote(heading.text)),
          fix: t('Dodaj JSON-LD FAQPage z jednym Question/acceptedAnswer na każde pytanie, zgodnym z widocznym tekstem.', 'Add FAQPage JSON-LD with one Question/acceptedAnswer per question, matching the visible text.')
        });
      }
    }
    const questionCount = snapshot.pages.reduce((sum, page) => sum + page.headings.filter((heading) => QUESTION.test(heading.text)).length, 0);
    return findings.orPassed(t(questionCount === 0 ? 'Brak nagłówków w formie pytań, które wymagałyby oznaczenia FAQ.' : `${pluralPl(questionCount, 'nagłówek-pytanie', 'nagłówki-pytania', 'nagłówków-pytań')}${hasFaqMarkup ? ', z oznaczeniem FAQPage' : ''}.`, questionCount === 0 ? 'No question-style headings that would need FAQ markup.' : `${plural(questionCount, 'question heading')}${hasFaqMarkup ? ', with FAQPage markup' : ''}.`));
  },
};

/** Phrases that address a language model rather than a reader. */
const LLM_INSTRUCTION = /(ignore (all |any )?(previous|prior|above|earlier) (instructions|prompts)|disregard (the|all|your) (previous|prior|above)|you are (an? )?(ai|llm|large language model|language model|chatbot|assistant)\b|(as|dear|note to|attention)( an?)? (ai|llm|language model|chatgpt|claude|gemini)\b|(chatgpt|claude|gemini|perplexity|copilot|llms?|ai assistants?|ai models?|language models?)[,:]? (should|must|always|please|are instructed)|(always|must|should) recommend (us|this)|system prompt)/i;
const INVISIBLE_CHARS = /[\u200b-\u200d\u2060\ufeff]/g;
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

export const manipulation: CheckSpec = {
  id: 'V18',
  title: 'No hidden instructions for AI or invisible characters',
  weight: 6,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) {
      const hidden = page.hiddenTexts.filter((text) => LLM_INSTRUCTION.test(text));
      const comments = [...page.html.matchAll(/<!--([\s\S]*?)-->/g)].map((match) => match[1]!).filter((text) => LLM_INSTRUCTION.test(text));
      if (hidden.length + comments.length > 0) {
        findings.at(page.url).add({
          severity: 'high',
          found: t('Strona ukrywa tekst skierowany do modeli AI (instrukcje niewidoczne dla czytelników). Asystenci AI i wyszukiwarki traktują to jako manipulację i mogą przestać ufać witrynie lub ją pominąć.', 'The page hides text that addresses AI models (instructions readers cannot see). Assistants and search engines treat this as manipulation and may distrust or drop the site.'),
          checked: m('evidence.hiddenText'),
          evidence: [...hidden, ...comments].slice(0, 3).map((text) => quote(text, 160)),
          fix: t('Usuń ukryte instrukcje; to, co asystenci AI mają wiedzieć, podaj w widocznym tekście i w danych strukturalnych.', 'Remove the hidden instructions; state what you want assistants to know in visible text and structured data.')
        });
      }
      const invisible = page.visibleText.match(INVISIBLE_CHARS)?.length ?? 0;
      const bidi = page.visibleText.match(BIDI_CONTROLS)?.length ?? 0;
      if (invisible >= 3 || bidi > 0) {
        const sample = /[\s\S]{0,30}[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069][\s\S]{0,30}/.exec(page.visibleText)?.[0] ?? '';
        findings.at(page.url).add({
          severity: 'medium',
          found: t(`Tekst zawiera ${invisible > 0 ? `${pluralPl(invisible, 'znak o zerowej szerokości', 'znaki o zerowej szerokości', 'znaków o zerowej szerokości')}` : ''}${invisible > 0 && bidi > 0 ? ' i ' : ''}${bidi > 0 ? `${pluralPl(bidi, 'znak sterujący kierunkiem tekstu', 'znaki sterujące kierunkiem tekstu', 'znaków sterujących kierunkiem tekstu')}` : ''}: niewidoczne dla czytelników, ale zmieniają to, co czytają maszyny (znany sposób maskowania tekstu).`, `The text contains ${invisible > 0 ? `${plural(invisible, 'zero-width character')}` : ''}${invisible > 0 && bidi > 0 ? ' and ' : ''}${bidi > 0 ? `${plural(bidi, 'text-direction control')}` : ''}: invisible to readers, but they change what machines read (a known way to cloak text).`),
          checked: m('evidence.invisibleSample'),
          evidence: [quote(sample, 80)],
          fix: t('Usuń niewidoczne znaki z treści (często trafiają tam przy wklejaniu z innych narzędzi).', 'Remove the invisible characters from the content (they are often pasted in from other tools).')
        });
      }
    }
    return findings.orPassed(t('Brak ukrytego tekstu skierowanego do modeli AI oraz niewidocznych znaków i znaków zmieniających kierunek tekstu.', 'No hidden text addressing AI models, and no invisible or direction-changing characters.'));
  },
};

