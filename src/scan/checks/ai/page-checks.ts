import type { HtmlPage } from '../../../net/page/html-page.js';
import { each, Findings, joined, m, type CheckSpec, type Finding, type Text } from '../check.js';
import { headerEvidence, quote } from '../evidence.js';

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
      for (const directive of directives) {
        if (directive.tokens.includes('noindex') || directive.tokens.includes('none')) {
          findings.at(page.url).add({
            severity: isHome ? 'critical' : 'high',
            found: m('check.V4.noindex', { home: isHome ? 'yes' : 'no', who: directive.target }),
            evidence: [quote(directive.source)],
            fix: m('check.V4.fix')
          });
        }
        const snippetBlock = directive.tokens.find((token) => token === 'nosnippet' || /^max-snippet:\s*0$/.test(token));
        if (snippetBlock !== undefined) {
          findings.at(page.url).add({
            severity: 'high',
            found: m('check.V4.nosnippet', { home: isHome ? 'yes' : 'no', who: directive.target, directive: snippetBlock }),
            evidence: [quote(directive.source)],
            fix: m('check.V4.fix2')
          });
        }
        const aiOptOut = directive.tokens.filter((token) => token === 'noai' || token === 'noimageai');
        if (aiOptOut.length > 0) {
          findings.at(page.url).add({
            severity: 'info',
            found: m('check.V4.aiOptOut', { values: aiOptOut }),
            evidence: [quote(directive.source)],
            fix: m('check.V4.fix3')
          });
        }
      }
      const nosnippetElements = (page.html.match(/\sdata-nosnippet(\s|=|>)/gi) ?? []).length;
      if (nosnippetElements > 0) {
        findings.at(page.url).add({
          severity: 'info',
          found: m('check.V4.nosnippetElements', { count: nosnippetElements }),
          evidence: [`data-nosnippet x${nosnippetElements}`],
          fix: m('check.V4.fix4')
        });
      }
    }
    return findings.orPassed(m('check.V4.passed', { pages: snapshot.pages.length }));
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
          found: m('check.V9.shell', { home: isHome ? 'yes' : 'no', words }),
          checked: shell === undefined ? joined([m('evidence.scriptsAndWords', { scripts, words }), m('evidence.visibleText')]) : m('evidence.visibleText'),
          evidence: [...(shell === undefined ? [] : [quote(shell)]), quote(page.visibleText, 120)],
          fix: m('check.V9.fix')
        });
      } else if (words < 100) {
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.V9.thin', { home: isHome ? 'yes' : 'no', words }),
          checked: m('evidence.visibleText'),
          evidence: [quote(page.visibleText, 160)],
          fix: m('check.V9.fix2')
        });
      }
    }
    const counts = snapshot.pages.map((page) => wordCount(page.visibleText));
    return findings.orPassed(m('check.V9.passed', { counts: each(counts.map(describeWords)), pages: snapshot.pages.length }));
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
const describeWords = (count: number): Text => m('check.V9.pageWords', { capped: count >= WORDS_COUNTED ? 'yes' : 'no', words: Math.min(count, WORDS_COUNTED) });

const HREFLANG = /^([a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?|x-default)$/i;

export const metaBasics: CheckSpec = {
  id: 'V12',
  title: 'Title, description, canonical, language, hreflang and Open Graph',
  weight: 14,
  run(snapshot) {
    const findings = new Findings();
    for (const page of snapshot.pages) addPageMetaFindings(findings.at(page.url), page);
    addHreflangFindings(findings, snapshot.home, snapshot.alternates);
    return findings.orPassed(m('check.V12.passed', { alternates: snapshot.alternates.size > 0 ? 'yes' : 'no' }));
  },
};

function addPageMetaFindings(findings: Findings, page: HtmlPage): void {
  if (page.title === undefined || page.title === '') {
    findings.add({ severity: 'high', found: m('check.V12.found'), checked: m('evidence.missing', { what: '<title>' }), evidence: [], fix: m('check.V12.fix'), missingBasic: 'title' });
  } else if (page.title.length < 10 || page.title.length > 65) {
    findings.add({
      severity: 'low',
      found: m('check.V12.titleLength', { short: page.title.length < 10 ? 'yes' : 'no' }),
      checked: m('evidence.length', { count: page.title.length }),
      evidence: [quote(`<title>${page.title}</title>`)],
      fix: m('check.V12.fix2')
    });
  }
  const description = page.meta1('description');
  if (description === undefined || description === '') {
    findings.add({ severity: 'medium', found: m('check.V12.found2'), checked: m('evidence.missing', { what: '<meta name="description">' }), evidence: [], fix: m('check.V12.fix3'), missingBasic: 'meta description' });
  } else if (description.length < 50 || description.length > 170) {
    findings.add({
      severity: 'low',
      found: m('check.V12.descriptionLength', { short: description.length < 50 ? 'yes' : 'no' }),
      checked: m('evidence.length', { count: description.length }),
      evidence: [quote(`<meta name="description" content="${description}">`)],
      fix: m('check.V12.fix4')
    });
  }
  const canonical = page.links.find((link) => link.rel.includes('canonical'));
  if (canonical?.href === undefined) {
    findings.add({ severity: 'low', found: m('check.V12.found3'), checked: m('evidence.missing', { what: '<link rel="canonical">' }), evidence: [], fix: m('check.V12.fix5') });
  } else if (new URL(canonical.href).host !== new URL(page.url).host) {
    findings.add({
      severity: 'medium',
      found: m('check.V12.found4'),
      evidence: [quote(canonical.tag)],
      fix: m('check.V12.fix6')
    });
  }
  if (page.lang === undefined) {
    findings.add({ severity: 'medium', found: m('check.V12.found5'), checked: m('evidence.noLang'), evidence: [], fix: m('check.V12.fix7'), missingBasic: 'page language' });
  }
  const openGraph = ['og:title', 'og:description', 'og:image'].filter((key) => page.meta1(key) === undefined);
  if (openGraph.length > 0) {
    findings.add({
      severity: 'low',
      found: m('check.V12.openGraph', { tags: openGraph }),
      checked: m('evidence.missing', { what: openGraph.map((key) => `<meta property="${key}">`) }),
      evidence: [],
      fix: m('check.V12.fix8')
    });
  }
  const badLangs = page.links.filter((link) => link.hreflang !== undefined && !HREFLANG.test(link.hreflang));
  if (badLangs.length > 0) {
    findings.add({
      severity: 'low',
      found: m('check.V12.found6'),
      evidence: badLangs.slice(0, 3).map((link) => quote(link.tag)),
      fix: m('check.V12.fix9')
    });
  }
}

function addHreflangFindings(findings: Findings, home: HtmlPage, alternates: ReadonlyMap<string, HtmlPage | { url: string }>): void {
  const declared = home.links.filter((link) => link.rel.includes('alternate') && link.hreflang !== undefined && link.href !== undefined);
  if (declared.length === 0) return;
  if (!declared.some((link) => samePage(link.href!, home.url))) {
    findings.add({
      severity: 'low',
      found: m('check.V12.found7'),
      evidence: declared.slice(0, 3).map((link) => quote(link.tag)),
      fix: m('check.V12.hreflangSelfFix', { tag: `<link rel="alternate" hreflang="${home.lang ?? 'xx'}" href="${home.url}">` }),
      url: home.url,
    });
  }
  for (const [url, alternate] of alternates) {
    if (!('visibleText' in alternate)) continue;
    const linksBack = alternate.links.some((link) => link.rel.includes('alternate') && link.hreflang !== undefined && link.href !== undefined && samePage(link.href, home.url));
    if (!linksBack) {
      findings.add({
        severity: 'medium',
        found: m('check.V12.found8'),
        evidence: [quote(`${url} has no <link rel="alternate" hreflang="..." href="${home.url}">`)],
        fix: m('check.V12.fix10'),
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
        found.add({ severity: 'medium', found: m('check.V13.found'), checked: m('evidence.missing', { what: '<h1>' }), evidence: [], fix: m('check.V13.fix') });
      } else if (h1.length > 1) {
        found.add({ severity: 'low', found: m('check.V13.found2'), evidence: h1.slice(0, 3).map((heading) => quote(`<h1>${heading.text}</h1>`)), fix: m('check.V13.fix2') });
      }
      const skip = page.headings.find((heading, index) => index > 0 && heading.level > page.headings[index - 1]!.level + 1);
      if (skip !== undefined) {
        const previous = page.headings[page.headings.indexOf(skip) - 1]!;
        found.add({ severity: 'low', found: m('check.V13.found3'), evidence: [quote(`<h${previous.level}>${previous.text}</h${previous.level}>`), quote(`<h${skip.level}>${skip.text}</h${skip.level}>`)], fix: m('check.V13.fix3') });
      }
      if (!page.hasMain) {
        found.add({ severity: 'low', found: m('check.V13.found4'), checked: m('V13.noMain'), evidence: [], fix: m('check.V13.fix4') });
      }
      const withoutAlt = page.images.filter((image) => image.src !== '' && image.alt === undefined);
      if (withoutAlt.length > 0) {
        found.add({ severity: 'low', found: m('check.V13.found5'), evidence: withoutAlt.slice(0, 3).map((image) => quote(`<img src="${image.src}">`)), fix: m('check.V13.fix5') });
      }
    }
    const images = snapshot.pages.reduce((sum, page) => sum + page.images.filter((image) => image.src !== '').length, 0);
    return findings.orPassed(m('check.V13.passed', { pages: snapshot.pages.length, images }));
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
          found: m('check.V17.unmarked', { count: questions.length }),
          evidence: questions.slice(0, 3).map((heading) => quote(heading.text)),
          fix: m('check.V17.fix')
        });
      }
    }
    const questionCount = snapshot.pages.reduce((sum, page) => sum + page.headings.filter((heading) => QUESTION.test(heading.text)).length, 0);
    return findings.orPassed(questionCount === 0 ? m('check.V17.passedNone') : m('check.V17.passed', { count: questionCount, faq: hasFaqMarkup ? 'yes' : 'no' }));
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
          found: m('check.V18.found'),
          checked: m('evidence.hiddenText'),
          evidence: [...hidden, ...comments].slice(0, 3).map((text) => quote(text, 160)),
          fix: m('check.V18.fix')
        });
      }
      const invisible = page.visibleText.match(INVISIBLE_CHARS)?.length ?? 0;
      const bidi = page.visibleText.match(BIDI_CONTROLS)?.length ?? 0;
      if (invisible >= 3 || bidi > 0) {
        const sample = /[\s\S]{0,30}[\u200b-\u200d\u2060\ufeff\u202a-\u202e\u2066-\u2069][\s\S]{0,30}/.exec(page.visibleText)?.[0] ?? '';
        findings.at(page.url).add({
          severity: 'medium',
          found: m('check.V18.invisible', { invisible, bidi, both: invisible > 0 && bidi > 0 ? 'yes' : 'no' }),
          checked: m('evidence.invisibleSample'),
          evidence: [quote(sample, 80)],
          fix: m('check.V18.fix2')
        });
      }
    }
    return findings.orPassed(m('check.V18.passed'));
  },
};

