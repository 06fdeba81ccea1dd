import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { seededRandom, zipfPicker } from './random.js';
import { ENGLISH_QUERY_WORDS, ENGLISH_WORDS, PAGE_TYPES, POLISH_QUERY_WORDS, POLISH_WORDS } from './vocabulary.js';

/**
 * Writes a synthetic bilingual content directory of `pageCount` pages (half Polish, half
 * English, pairs linked as alternates) with realistic sizes: a 5-10 word title, a description
 * of about 150 characters, 6-12 section headings and about 3-4 KB of Markdown body per page.
 * The same seed gives the same site.
 */
export async function writeSyntheticSite(dir: string, pageCount: number, seed = 42): Promise<void> {
  const random = seededRandom(seed);
  // Real pages are about a topic: its words fill the title and many headings, while the rest of
  // the text draws on function words and a long tail. Without topics every page would contain
  // every common word, which no real site does.
  const tail = { pl: zipfPicker(POLISH_WORDS, random), en: zipfPicker(ENGLISH_WORDS, random) };
  const domain = { pl: POLISH_QUERY_WORDS, en: ENGLISH_QUERY_WORDS };
  const functionWords = { pl: ['i', 'w', 'na', 'z', 'do', 'jak', 'dla', 'oraz', 'to', 'jest'], en: ['the', 'a', 'of', 'and', 'for', 'to', 'in', 'is', 'how', 'with'] };
  const text = (lang: 'pl' | 'en', count: number, topic: readonly string[], topicShare: number) =>
    Array.from({ length: count }, () => {
      const roll = random();
      if (roll < topicShare) return topic[Math.floor(random() * topic.length)]!;
      if (roll < topicShare + 0.3) return functionWords[lang][Math.floor(random() * functionWords[lang].length)]!;
      return tail[lang]();
    }).join(' ');
  const sentence = (lang: 'pl' | 'en', topic: readonly string[]) => {
    const words = text(lang, 8 + Math.floor(random() * 10), topic, 0.05);
    return `${words[0]!.toUpperCase()}${words.slice(1)}.`;
  };

  await mkdir(path.join(dir, 'pages', 'pl'), { recursive: true });
  await mkdir(path.join(dir, 'pages', 'en'), { recursive: true });
  await writeFile(path.join(dir, 'site.yaml'), SITE_FILE);

  const pairs = Math.ceil(pageCount / 2);
  const writes: Promise<void>[] = [];
  for (let index = 0; index < pairs; index++) {
    const type = PAGE_TYPES[index % PAGE_TYPES.length]!;
    const topicIndexes = Array.from({ length: 1 + Math.floor(random() * 3) }, () => Math.floor(random() * domain.pl.length));
    for (const lang of ['pl', 'en'] as const) {
      if (index * 2 + (lang === 'en' ? 1 : 0) >= pageCount) continue;
      const other = lang === 'pl' ? 'en' : 'pl';
      const topic = topicIndexes.map((topicIndex) => domain[lang][topicIndex % domain[lang].length]!);
      const headings = Array.from({ length: 6 + Math.floor(random() * 7) }, () => `## ${text(lang, 3 + Math.floor(random() * 5), topic, 0.25)}`);
      const body: string[] = [`# ${text(lang, 5, topic, 0.4)}`, ''];
      for (const heading of headings) {
        body.push(heading, '', Array.from({ length: 4 }, () => sentence(lang, topic)).join(' '), '');
      }
      const frontMatter = [
        '---',
        `title: "${text(lang, 5 + Math.floor(random() * 6), topic, 0.4)}"`,
        `description: "${Array.from({ length: 2 }, () => sentence(lang, topic)).join(' ').slice(0, 160)}"`,
        `type: ${type}`,
        `lang: ${lang}`,
        `path: /${lang}/page-${index}/`,
        `alternate: /${other}/page-${index}/`,
        ...(type === 'event' ? ['event:', '  start: 2026-12-10T09:30:00+01:00', '  end: 2026-12-10T16:00:00+01:00', '  location:', '    online: true'] : []),
        '---',
        '',
      ];
      writes.push(writeFile(path.join(dir, 'pages', lang, `page-${index}.md`), `${frontMatter.join('\n')}${body.join('\n')}`));
    }
    if (writes.length >= 256) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
}

const SITE_FILE = `company: Synthetic Agency
siteUrl: https://synthetic.example
languages: [pl, en]
defaultLanguage: pl
summary: { pl: Syntetyczna strona do pomiarów., en: A synthetic site for benchmarks. }
salesEmail: sales@synthetic.example
contact:
  pl: { email: kontakt@synthetic.example, phone: "+48 12 000 00 00", contactForm: /pl/page-0/ }
  en: { email: hello@synthetic.example, phone: "+48 12 000 00 00", contactForm: /en/page-0/ }
inquiry:
  nextStep: { pl: Odpowiemy., en: We will reply. }
pricing:
  note: { pl: Ceny netto., en: Net prices. }
  currency: { pl: PLN, en: EUR }
  items: []
services: []
`;
