import type { Lang, PageType } from '../content/schema.js';

/**
 * What a question asks for besides its topic, per language: its price ("ile kosztuje", "how
 * much"), how to reach the company ("gdzie", "telefon", "address") or help with something that
 * does not work ("nie działa", "broken"). When several pages match a question's words, the page
 * that answers this part of it comes first: the service page with its price or the pricing page,
 * the contact page, the pages about fixing and auditing.
 *
 * Data, not rules: an intent is the phrases that ask for it and what marks a page that answers
 * it. Add a phrase when a real question shows it; never a word that is the topic of a page
 * (that is what synonyms are for, src/search/synonyms.ts).
 */
export interface Intent {
  /**
   * Phrases of a question that ask for it, folded (no diacritics, lower case, apostrophes
   * dropped, as the tokenizer spells "doesn't": "doesnt"). A phrase matches consecutive words of
   * the question; a word of four letters or more also matches the words it starts ("koszt" is in
   * "kosztuje" and "kosztów", "not work" in "not working").
   */
  readonly asks: readonly string[];
  /** A page answers it when it is of one of these types… */
  readonly types?: readonly PageType[];
  /** …or offers a priced service (its `service` field names a pricing item)… */
  readonly priced?: boolean;
  /** …or is the site's contact page (the site file's `contact.*.contactForm`)… */
  readonly contactPage?: boolean;
  /** …or is the site's privacy policy (the site file's `contact.*.privacyPolicy`)… */
  readonly privacyPage?: boolean;
  /** …or its title holds one of these words (analysed like page text: any inflected form)… */
  readonly titleWords?: readonly string[];
  /** …or its title or a heading does. */
  readonly headingWords?: readonly string[];
  /**
   * What the question asks when it has no other word than these ("gdzie jesteście", "how much
   * do you charge"): searched for instead of nothing, with its synonyms.
   */
  readonly means: string;
  /**
   * The pages that answer it answer nothing else: unless a question asks for it, they count
   * RESERVED_WEIGHT (the site's own privacy policy is not the answer to "GA4 and the GDPR").
   */
  readonly reserved?: boolean;
}

export const INTENTS: Readonly<Record<Lang, readonly Intent[]>> = {
  pl: [
    {
      asks: ['ile koszt', 'koszt', 'cena', 'ceny', 'cene', 'cenie', 'cennik', 'wycen', 'stawk', 'drogo', 'tanio', 'ile placi', 'ile zaplac', 'ile bierzecie'],
      types: ['pricing'],
      priced: true,
      means: 'cennik',
    },
    {
      asks: ['gdzie', 'adres', 'telefon', 'numer telefonu', 'kontakt', 'skontaktowac', 'zadzwonic', 'napisac', 'email', 'mail', 'siedzib', 'biuro', 'biura', 'lokalizacj', 'dojazd', 'dojechac'],
      contactPage: true,
      titleWords: ['kontakt'],
      means: 'kontakt',
    },
    {
      asks: ['nie dziala', 'przestal dziala', 'przestaly dziala', 'przestala dziala', 'przestalo dziala', 'przestal', 'przestaly', 'przestala', 'przestalo', 'blad', 'bledy', 'bledu', 'bledem', 'bledow', 'zepsu', 'psuje', 'napraw', 'nie licz', 'nie zgadza', 'nie zbiera', 'nie widac', 'nie widzi', 'nie pokazuje', 'nie mierzy', 'nie wysyla', 'nie odpala', 'problem', 'awaria'],
      titleWords: ['audyt', 'błąd', 'błędy', 'napraw'],
      headingWords: ['napraw', 'błędy'],
      means: 'audyt',
    },
    {
      asks: ['artykul', 'wpis', 'poradnik', 'blog', 'przeczyta', 'poczyta'],
      types: ['blog'],
      means: 'blog',
    },
    {
      asks: ['kiedy', 'najblizsz', 'termin', 'zapisac', 'zapisy', 'nastepn'],
      types: ['event'],
      means: 'wydarzenia',
    },
    {
      asks: ['dane osobowe', 'danych osobowych', 'moje dane', 'moich danych', 'przetwarzacie', 'polityka prywatnosci', 'polityke prywatnosci', 'polityki prywatnosci'],
      privacyPage: true,
      reserved: true,
      means: 'polityka prywatności',
    },
  ],
  en: [
    {
      asks: ['how much', 'price', 'prices', 'pricing', 'cost', 'costs', 'fee', 'fees', 'charge', 'quote', 'expensive', 'cheap', 'budget'],
      types: ['pricing'],
      priced: true,
      means: 'pricing',
    },
    {
      asks: ['where', 'address', 'phone', 'call you', 'contact', 'email', 'get in touch', 'reach you', 'office', 'headquarters', 'based', 'located', 'location', 'visit you', 'account manager', 'contact person', 'point of contact', 'client manager'],
      contactPage: true,
      titleWords: ['contact'],
      means: 'contact',
    },
    {
      asks: ['not work', 'doesnt work', 'dont work', 'isnt work', 'arent work', 'stopped work', 'not fir', 'not track', 'not record', 'not being record', 'not show', 'not send', 'broken', 'broke', 'error', 'wrong', 'fix', 'bug', 'issue', 'problem', 'troubleshoot', 'debug'],
      titleWords: ['audit', 'mistake', 'error', 'fix'],
      headingWords: ['fix', 'mistake', 'troubleshooting'],
      means: 'audit',
    },
    {
      asks: ['article', 'blog', 'post', 'posts', 'guide', 'read about'],
      types: ['blog'],
      means: 'blog',
    },
    {
      asks: ['when is', 'when are', 'when do', 'next', 'upcoming', 'sign up', 'register'],
      types: ['event'],
      means: 'events',
    },
    {
      asks: ['my data', 'personal data', 'my personal', 'privacy policy', 'handle my', 'store my', 'process my', 'your cookies'],
      privacyPage: true,
      reserved: true,
      means: 'privacy policy',
    },
  ],
};

/** A word of this many letters or more of an intent's phrase also matches longer words it starts. */
const PREFIX_FROM = 4;

/**
 * Bits (one per intent of `intents`, in order) of the intents a question's folded words ask for.
 * `asking`, when given, receives the words that asked. Nothing is allocated for a question that
 * asks for none (most keyword queries).
 */
export function askedIntents(intents: readonly Intent[], words: readonly string[], asking?: Set<string>): number {
  const byKey = phrasesByKey(intents);
  let bits = 0;
  for (let at = 0; at < words.length; at++) {
    const word = words[at]!;
    const candidates = byKey.get(word.length < PREFIX_FROM ? word : word.slice(0, PREFIX_FROM));
    if (candidates === undefined) continue;
    for (let index = 0; index < candidates.length; index++) {
      const { intent, parts } = candidates[index]!;
      if (at + parts.length > words.length) continue;
      let matches = true;
      for (let offset = 0; matches && offset < parts.length; offset++) matches = fits(words[at + offset]!, parts[offset]!);
      if (!matches) continue;
      bits |= 1 << intent;
      for (let offset = 0; asking !== undefined && offset < parts.length; offset++) asking.add(words[at + offset]!);
    }
  }
  return bits;
}

interface IntentPhrase {
  /** The intent's position in its list. */
  readonly intent: number;
  readonly parts: readonly string[];
}

/**
 * Each list's phrases by what a question's word must be to start one: the first word itself when
 * shorter than PREFIX_FROM, else its first PREFIX_FROM letters. One lookup per word of a question.
 */
const BY_KEY = new WeakMap<readonly Intent[], ReadonlyMap<string, readonly IntentPhrase[]>>();

function phrasesByKey(intents: readonly Intent[]): ReadonlyMap<string, readonly IntentPhrase[]> {
  let byKey = BY_KEY.get(intents);
  if (!byKey) {
    const built = new Map<string, IntentPhrase[]>();
    intents.forEach((intent, index) => {
      for (const phrase of intent.asks) {
        const parts = phrase.split(' ');
        const key = parts[0]!.length < PREFIX_FROM ? parts[0]! : parts[0]!.slice(0, PREFIX_FROM);
        built.set(key, [...(built.get(key) ?? []), { intent: index, parts }]);
      }
    });
    BY_KEY.set(intents, (byKey = built));
  }
  return byKey;
}

function fits(word: string, part: string): boolean {
  return part.length >= PREFIX_FROM ? word.startsWith(part) : word === part;
}
