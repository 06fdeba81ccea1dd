/**
 * A light, rule-based inflectional stemmer for Polish, working on folded words.
 *
 * Why our own: Orama ships no Polish stemmer and npm has none (snowball-stemmers and
 * multilingual-stemmer have no Polish). Why folded: queries are often typed without
 * diacritics, so stems must come out the same for "wdrożeniu" and "wdrozeniu"; folding first
 * also removes several alternations for free (ó/o in "Kraków"/"Krakowa", ł/l in
 * "szkoła"/"szkole", ć ń ś ź against ci ni si zi in "jakość"/"jakości", "Łódź"/"Łodzi").
 *
 * The design, in one pass plus one clean-up:
 *
 * 1. The longest matching ending is replaced, as long as what remains is a plausible stem (at
 *    least three letters, with a vowel); otherwise the next shorter ending is tried. Endings
 *    are those of nouns, adjectives and verbal nouns ("-ach", "-ami", "-ego", "-iach",
 *    "-ie"...). Soft stems lose the "i" that only marks softness, so "wdrożenie", "wdrożenia",
 *    "wdrożeniu", "wdrożeniem" and the genitive plural "wdrożeń" all give "wdrozen", and
 *    "kampania", "kampanii", "kampaniach" give "kampan". The one verb ending handled is the
 *    first person plural ("wdrażamy", "mierzymy"), the voice of a company's own pages.
 * 2. Some endings also undo the consonant alternation they cause, where that is cheap and safe:
 *    "raporcie" → "raport", "kliencie"/"klienci" → "klient", "zgodzie" → "zgod",
 *    "serwerze" → "serwer", "partnerzy" → "partner", "analityce"/"analitycy" → "analityk",
 *    "Polsce" → "polsk", "usłudze" → "uslug", and the fleeting e of "rynek"/"rynku" and
 *    "koniec"/"końca". Each such rule is limited to the letters before it where no other
 *    common word family produces the same ending (the "-cie" of "raporcie" is also the
 *    "-cie" of verbal nouns like "wsparcie", "zdjęcie", "użycie", which must keep their "c").
 * 3. Some longer "endings" map to themselves or to a shorter cut. They protect words that
 *    merely end like an inflection ("system", "problem", "poziom", "miejsce", "człowiek") and
 *    carve the exceptions out of the alternation rules ("zdjęcie", "podejście", "władze").
 * 4. Clean-up: a final "-ow" is removed (twice for "Krakowowi") if enough letters stay. It is
 *    the genitive plural "-ów" ("dashboardów" → "dashboard"), the "-ow-" of city names and
 *    their cases ("Kraków", "Krakowa", "Krakowie" → "krak") and of derived adjectives
 *    ("marketingowy" → "marketing", "internetowa" → "internet").
 *
 * Stems are index keys, not words: "krak", "wdrozen", "kampan" are never shown to anyone. Forms
 * that the rules cannot join (vowel alternations such as "miasto"/"mieście", suppletion,
 * ambiguous alternations) stay apart; the tests list them as known limitations. Because Orama
 * matches query terms as prefixes, a base-form query still finds most of them (the query
 * "pomiar" finds the stem "pomiarz" of "pomiarze").
 */

/** Shorter words are left alone: no ending can be removed from them safely. */
const MIN_WORD_LENGTH = 4;
/** No rule may leave fewer letters than this. */
const MIN_STEM_LENGTH = 3;
/**
 * A bare final "-ow" is the genitive plural "-ów" or a place name, and any three-letter root is
 * fine ("tagów" → "tag", "kodów" → "kod"). An "-ow-" found before an ending is derivational
 * ("budowa", "połowa", "gotowy"), and a three-letter remainder is rarely the same word: it needs
 * four letters to go ("marketingowy" → "marketing", while "budowa" keeps "budow").
 */
const MIN_STEM_LENGTH_BEFORE_GENITIVE_OW = 3;
const MIN_STEM_LENGTH_BEFORE_DERIVED_OW = 4;

/** A rule: a word ending in the first string has that ending replaced by the second. */
type EndingRule = readonly [ending: string, replacement: string];

/** Inflectional endings of nouns, adjectives and verbal nouns, removed without replacement. */
const INFLECTIONAL_ENDINGS: readonly EndingRule[] = [
  // Case endings of nouns and short adjectives ("-ę" and "-ą" fold into "-e" and "-a").
  ['a', ''], ['e', ''], ['i', ''], ['o', ''], ['u', ''], ['y', ''],
  ['ach', ''], ['ami', ''], ['em', ''], ['om', ''],
  // The same after a soft stem, whose softness is written with an "i" before the vowel.
  ['ia', ''], ['ie', ''], ['ii', ''], ['io', ''], ['iu', ''], ['iem', ''], ['iach', ''],
  ['iami', ''], ['iom', ''], ['iow', ''],
  // Adjectives, hard stems and stems in k, g or a soft consonant.
  ['ego', ''], ['emu', ''], ['ej', ''], ['ym', ''], ['ymi', ''], ['ych', ''],
  ['iego', ''], ['iemu', ''], ['iej', ''], ['im', ''], ['imi', ''], ['ich', ''],
  // The one verb ending handled: first person plural, the voice of a company's own pages
  // ("Wdrażamy", "Mierzymy", "Szkolimy", "Konfigurujemy").
  ['emy', ''], ['imy', ''], ['ymy', ''],
];

/**
 * Endings that also undo a consonant alternation, each limited to the letters before it where
 * it is unambiguous. Restoring the base consonant (rather than rewriting every stem into its
 * soft form) keeps the stem a prefix of longer words, which Orama's prefix matching relies on.
 */
const ALTERNATION_ENDINGS: readonly EndingRule[] = [
  // t → ci before -ie (locative) and -i (masculine personal plural).
  ['acie', 'at'], ['aci', 'at'], // temacie, certyfikacie, kandydaci
  ['ocie', 'ot'], // kwocie, robocie
  ['ecie', 'et'], // internecie, budżecie, pakiecie, ankiecie
  ['ucie', 'ut'], // minucie, instytucie, atrybucie
  ['dycie', 'dyt'], ['izycie', 'izyt'], // audycie, kredycie, wizycie (not życie, użycie)
  ['micie', 'mit'], // limicie
  ['ncie', 'nt'], ['nci', 'nt'], // kliencie, dokumencie, koncie, klienci, agenci
  ['kcie', 'kt'], ['pcie', 'pt'], // projekcie, produkcie, kontakcie, skrypcie
  // raporcie, ofercie, karcie, eksperci (but not the verbal nouns wsparcie, otwarcie)
  ['orcie', 'ort'], ['ercie', 'ert'], ['karcie', 'kart'], ['rci', 'rt'],
  ['scie', 'st'], ['isci', 'ist'], ['szcie', 'szt'], // tekście, specjaliści, koszcie
  // d → dzi before -ie.
  ['odzie', 'od'], ['adzie', 'ad'], ['ndzie', 'nd'], ['rdzie', 'rd'], ['wdzie', 'wd'],
  // r → rz before -e (locative) and -y (masculine personal plural).
  ['erze', 'er'], ['orze', 'or'], ['urze', 'ur'], ['trze', 'tr'], ['drze', 'dr'], ['brze', 'br'],
  ['erzy', 'er'], ['orzy', 'or'], // partnerzy, autorzy
  // k → c before -e (dative and locative) and -y (masculine personal plural).
  ['yce', 'yk'], ['ycy', 'yk'], // analityce, praktyce, analitycy
  ['sce', 'sk'], ['scy', 'sk'], // Polsce, polscy
  ['iece', 'iek'], ['tece', 'tek'], // opiece, bibliotece
  ['wnicy', 'wnik'], ['stnicy', 'stnik'], // użytkownicy, pracownicy, uczestnicy
  // g → dz before -e (dative and locative) and -y (masculine personal plural).
  ['udze', 'ug'], ['odze', 'og'], ['adze', 'ag'], ['odzy', 'og'], // usłudze, drodze, uwadze
  // Fleeting e: rynek/rynku, początek/początku, wtyczek/wtyczka, koniec/końca, naukowiec/naukowca.
  ['ek', 'k'], ['iec', 'c'],
];

/**
 * Longer endings that win over the rules above because they are not what they look like.
 * Most map to themselves (nothing is removed); the rest cut less than the shorter rule would.
 */
const EXCEPTIONS: readonly EndingRule[] = [
  // Nouns whose nominative ends in "-em", "-im" or "-om", in the cases that look like an
  // adjective or a verb: system, problem, synonim, anonim, poziom, dyplom ("narzędziom" is the
  // dative plural of a soft stem all the same).
  ['ystem', 'ystem'], ['ystemu', 'ystem'], ['ystemy', 'ystem'], ['blem', 'blem'],
  ['blemu', 'blem'], ['blemy', 'blem'], ['onim', 'onim'], ['onimy', 'onim'], ['ziom', 'ziom'],
  ['dziom', 'dz'], ['plom', 'plom'],
  // The e of "-ek" is not fleeting in człowiek, wiek, biblioteka, apteka.
  ['iek', 'iek'], ['otek', 'otek'], ['ptek', 'ptek'],
  // Nor is the e of the genitive plural of verbal nouns in "-nięcie" and "-pięcie":
  // kliknięć, zamknięć, usunięć, rozwinięć, napięć (but koniec/końca, mieszkaniec/mieszkańca).
  ['kniec', 'kniec'], ['gniec', 'gniec'], ['uniec', 'uniec'], ['iniec', 'iniec'], ['piec', 'piec'],
  // Verbal nouns in "-cie" keep their c: zdjęcie, przyjęcie, zamknięcie, usunięcie, cięcie,
  // wzięcie, napięcie, rozpoczęcie, poczucie, zepsucie, podejście, wejście.
  ['jecie', 'jec'], ['niecie', 'niec'], ['ciecie', 'ciec'], ['ziecie', 'ziec'],
  ['piecie', 'piec'], ['czecie', 'czec'], ['czucie', 'czuc'], ['psucie', 'psuc'],
  ['jscie', 'jsc'],
  // "miejsce" is not a locative of a noun in -ska; "władze" is the plural of "władza".
  ['jsce', 'jsc'], ['ladze', 'ladz'],
  // "kobiece" is an adjective in -cy, not the locative of a noun in -ka.
  ['biece', 'biec'],
];

/**
 * Indeclinable words that end like an inflection; stripping them would make short stems that
 * match unrelated words as prefixes ("menu" → "men" would find "mentoring", "audio" → "aud"
 * would find "audyt").
 */
const INDECLINABLE_WORDS: ReadonlySet<string> = new Set([
  'menu', 'audio', 'video', 'wideo', 'info', 'demo', 'logo', 'cookie', 'euro',
]);

/**
 * Whole words whose inflection changes a vowel or drops one next to a softened consonant, so
 * no ending rule can join their forms; frequent on a site with dated events and city pages.
 * Every form maps to one stem, which is itself a form of the family (stable when stemmed again).
 */
const IRREGULAR_FORMS: ReadonlyMap<string, string> = new Map(
  (
    [
      ['styczen', 'styczen stycznia styczniu'],
      ['luty', 'luty lutego lutym'],
      ['marzec', 'marzec marca marcu'],
      ['kwiecien', 'kwiecien kwietnia kwietniu'],
      ['czerwiec', 'czerwiec czerwca czerwcu'],
      ['lipiec', 'lipiec lipca lipcu'],
      ['sierpien', 'sierpien sierpnia sierpniu'],
      ['wrzesien', 'wrzesien wrzesnia wrzesniu'],
      ['pazdziernik', 'pazdziernik pazdziernika pazdzierniku'],
      ['listopad', 'listopad listopada listopadzie'],
      ['grudzien', 'grudzien grudnia grudniu'],
      ['dzien', 'dzien dnia dniu dniem dni dniach dniami'],
      ['miasto', 'miasto miasta miastu miastem miescie miast miastach miastami'],
    ] as const
  ).flatMap(([stem, forms]) => forms.split(' ').map((form) => [form, stem] as const)),
);

/**
 * All rules in a trie keyed by the ending read backwards, so matching walks the word from its
 * end with `charCodeAt` and allocates nothing until the stem is cut. Built once at load time
 * and never changed.
 */
interface EndingNode {
  readonly next: (EndingNode | undefined)[];
  /** Set when an ending ends here (read backwards): what replaces it. */
  replacement: string | undefined;
  replacementHasVowel: boolean;
}

const LETTER_A = 97;
const ALPHABET_SIZE = 26;
/** Bit i is set when the letter 'a' + i is a vowel: a e i o u y. */
const VOWEL_BITS = (1 << 0) | (1 << 4) | (1 << 8) | (1 << 14) | (1 << 20) | (1 << 24);
const CODE_I = 105;
const CODE_O = 111;
const CODE_W = 119;

const ENDINGS: EndingNode = buildTrie([...INFLECTIONAL_ENDINGS, ...ALTERNATION_ENDINGS, ...EXCEPTIONS]);

/**
 * Stems one folded word (see `foldText`): lower-case ASCII letters. Anything else (digits,
 * other scripts) is returned unchanged where it would be part of an ending.
 */
export function stemPolish(folded: string): string {
  const irregular = IRREGULAR_FORMS.get(folded);
  if (irregular !== undefined) return irregular;
  if (folded.length < MIN_WORD_LENGTH || INDECLINABLE_WORDS.has(folded)) return folded;
  const replaced = replaceLongestEnding(folded, ENDINGS, folded.length);
  return replaced === undefined
    ? withoutFinalOw(folded, MIN_STEM_LENGTH_BEFORE_GENITIVE_OW)
    : withoutFinalOw(replaced, MIN_STEM_LENGTH_BEFORE_DERIVED_OW);
}

/**
 * Walks down the trie from the end of the word; on the way back up, the deepest ending whose
 * result is a plausible stem wins. `kept` is how many leading letters stay if `node` is used.
 */
function replaceLongestEnding(word: string, node: EndingNode, kept: number): string | undefined {
  if (kept > 0) {
    const letter = word.charCodeAt(kept - 1) - LETTER_A;
    const child = letter >= 0 && letter < ALPHABET_SIZE ? node.next[letter] : undefined;
    if (child !== undefined) {
      const longer = replaceLongestEnding(word, child, kept - 1);
      if (longer !== undefined) return longer;
    }
  }
  const replacement = node.replacement;
  if (replacement === undefined) return undefined;
  if (kept + replacement.length < MIN_STEM_LENGTH) return undefined;
  if (!node.replacementHasVowel && !hasVowel(word, kept)) return undefined;
  return word.slice(0, kept) + replacement;
}

/**
 * "-ów", and the "-ow-" of place names and derived adjectives, once the ending is gone; twice
 * for the dative of a city in -ów ("Krakowowi" → "krakowow" → "krak"). An adjective in "-iowy"
 * comes from a soft stem, whose "i" only marks softness: "szkoleniowy" → "szkolen" like
 * "szkolenie", "tygodniowy" → "tygodn" like "tygodnie".
 */
function withoutFinalOw(stem: string, minKept: number): string {
  let kept = stem.length;
  while (
    kept - 2 >= minKept &&
    stem.charCodeAt(kept - 2) === CODE_O &&
    stem.charCodeAt(kept - 1) === CODE_W &&
    hasVowel(stem, kept - 2)
  ) {
    kept -= 2;
    if (kept - 1 >= minKept && stem.charCodeAt(kept - 1) === CODE_I) kept -= 1;
  }
  return kept === stem.length ? stem : stem.slice(0, kept);
}

function hasVowel(word: string, end: number): boolean {
  for (let i = 0; i < end; i++) {
    const letter = word.charCodeAt(i) - LETTER_A;
    if (letter >= 0 && letter < ALPHABET_SIZE && ((VOWEL_BITS >> letter) & 1) === 1) return true;
  }
  return false;
}

function buildTrie(rules: readonly EndingRule[]): EndingNode {
  const root = newNode();
  for (const [ending, replacement] of rules) {
    let node = root;
    for (let i = ending.length - 1; i >= 0; i--) {
      const letter = ending.charCodeAt(i) - LETTER_A;
      if (letter < 0 || letter >= ALPHABET_SIZE) throw new Error(`ending "${ending}" must be folded a-z`);
      node = node.next[letter] ??= newNode();
    }
    if (node.replacement !== undefined) throw new Error(`ending "${ending}" is listed twice`);
    node.replacement = replacement;
    node.replacementHasVowel = hasVowel(replacement, replacement.length);
  }
  return root;
}

function newNode(): EndingNode {
  return {
    next: new Array<EndingNode | undefined>(ALPHABET_SIZE).fill(undefined),
    replacement: undefined,
    replacementHasVowel: false,
  };
}
