/**
 * Stop words: the most frequent function words of each language, in folded form (no
 * diacritics, lower case, apostrophes removed as the tokenizer removes them).
 *
 * Why they matter here more than usual: Orama matches every query term as a prefix, so a stray
 * "w" or "a" in a query would match half the vocabulary, and "na", "do" or "the" would match
 * every "nasz...", "dob...", "them...". The lists stay deliberately small: conjunctions,
 * prepositions, pronouns, particles and auxiliary verbs only, never a word that could be the
 * topic of a page (so no "IT", no "May", no "często" of "Często zadawane pytania").
 */

export const POLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  // Conjunctions ("że" folds to "ze", the same string as the preposition "ze").
  'a', 'aby', 'albo', 'ale', 'ani', 'az', 'bo', 'by', 'czy', 'czyli', 'gdy', 'i', 'jednak',
  'jesli', 'jezeli', 'lecz', 'lub', 'natomiast', 'niz', 'oraz', 'poniewaz', 'wiec', 'ze', 'zeby',
  // Prepositions.
  'bez', 'dla', 'do', 'dzieki', 'ku', 'miedzy', 'na', 'nad', 'o', 'od', 'po', 'pod', 'podczas',
  'przed', 'przez', 'przy', 'u', 'w', 'we', 'z', 'za',
  // Personal, possessive and demonstrative pronouns ("ją" folds to "ja").
  'ja', 'mnie', 'mi', 'ty', 'cie', 'ci', 'on', 'ona', 'oni', 'one', 'go', 'jego', 'jej', 'mu',
  'nia', 'nim', 'nimi', 'ich', 'im', 'my', 'nas', 'nam', 'wy', 'was', 'sie', 'sobie', 'nasz',
  'nasza', 'nasze', 'naszych', 'naszym', 'twoj', 'twoja', 'twoje', 'moj', 'swoj', 'swoje', 'ten',
  'ta', 'to', 'te', 'tego', 'tej', 'temu', 'tym', 'tych', 'taki', 'taka', 'takie',
  // Interrogative and relative words.
  'co', 'czym', 'kto', 'jak', 'jako', 'jaki', 'jaka', 'jakie', 'ktory', 'ktora', 'ktore', 'ktorego',
  'ktorej', 'ktorym', 'ktorych', 'ktorzy', 'gdzie', 'kiedy', 'dlaczego', 'ile',
  // Particles, frequent adverbs and abbreviations ("in" only occurs as the tail of "m.in.").
  'nie', 'tak', 'juz', 'jeszcze', 'tylko', 'nawet', 'tez', 'takze', 'rowniez', 'wlasnie', 'no',
  'bardzo', 'tu', 'tam', 'np', 'tzw', 'in',
  // Auxiliary and modal verbs.
  'jest', 'sa', 'byc', 'byl', 'byla', 'bylo', 'byli', 'byly', 'bedzie', 'beda', 'jestem', 'moze',
  'moga', 'mozna', 'ma', 'maja',
  // Quantifying pronouns.
  'wszystko', 'wszystkie', 'wszyscy', 'kazdy', 'kazda',
]);

export const ENGLISH_STOP_WORDS: ReadonlySet<string> = new Set([
  // Articles and conjunctions.
  'a', 'an', 'the', 'and', 'or', 'but', 'nor', 'so', 'if', 'because', 'as', 'than', 'then',
  'while', 'both',
  // Prepositions.
  'about', 'after', 'against', 'at', 'before', 'between', 'by', 'down', 'during', 'for', 'from',
  'in', 'into', 'of', 'off', 'on', 'out', 'over', 'per', 'since', 'through', 'to', 'under',
  'until', 'up', 'via', 'with',
  // Pronouns and determiners.
  'i', 'me', 'my', 'we', 'our', 'you', 'your', 'he', 'him', 'his', 'she', 'her', 'it', 'its',
  'they', 'them', 'their', 'this', 'that', 'these', 'those', 'each', 'every', 'any', 'some',
  'such', 'other', 'own', 'same', 'all', 'few',
  // Interrogatives and relatives.
  'what', 'which', 'who', 'whom', 'when', 'where', 'why', 'how',
  // Auxiliary and modal verbs, with their contractions as the tokenizer spells them ("don't").
  'am', 'is', 'are', 'was', 'were', 'be', 'been', 'being', 'have', 'has', 'had', 'having', 'do',
  'does', 'did', 'doing', 'will', 'would', 'should', 'can', 'could', 'might', 'must', 'isnt',
  'arent', 'dont', 'doesnt', 'cant', 'wont', 'im', 'ive', 'youre', 'weve', 'theyre',
  // Particles and frequent adverbs.
  'not', 'no', 'only', 'also', 'too', 'very', 'just', 'more', 'most', 'here', 'there', 'now',
  'even', 'etc',
]);
