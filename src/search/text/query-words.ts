/**
 * Words of the way people ask, not of what they ask about: "where can I **find** your address",
 * "**szukam** kogoś, kto **pomoże** z GTM", "consent mode v2 **help**". Folded, like stop words.
 *
 * Stop words are never index terms; these are ordinary words that pages do use ("find" is in
 * "What problems a GTM audit finds"), so they stay in the index but are dropped from a query that
 * has other words: there they would select pages and, being on many of them, decide the winner
 * over the words that name the topic. A query made only of them keeps them ("help").
 *
 * Data, not rules: add a word when a real question shows that it steers results. Never a word
 * that can be the topic of a page of an analytics agency ("audit", "price", "contact", "training").
 */

export const ENGLISH_QUERY_WORDS: ReadonlySet<string> = new Set([
  // Asking for help or for something.
  'help', 'helps', 'helping', 'assist', 'assistance', 'need', 'needs', 'needed', 'want', 'wants', 'wanted',
  'looking', 'look', 'seeking', 'find', 'finding', 'get', 'getting', 'got', 'give', 'show',
  'tell', 'know', 'learn', 'please', 'thanks', 'thank', 'hi', 'hello', 'hey', 'ok',
  // What a company is asked about itself.
  'offer', 'offers', 'provide', 'provides', 'deliver', 'handle', 'make', 'makes', 'doing', 'done',
  'someone', 'somebody', 'anyone', 'something', 'anything', 'us', 'ours', 'yours', 'yourself', 'yourselves', 'guys',
  'like', 'able', 'possible', 'way', 'ways', 'kind', 'sort', 'thing', 'things', 'much', 'many', 'lot', 'really',
  'info', 'information', 'details', 'question', 'questions', 'exactly', 'actually', 'currently', 'maybe', 'still',
  'let', 'lets', 'id', 'youd', 'youll', 'ill', 'wed', 'theres', 'whats', 'wheres', 'hows', 'whos',
  'go', 'going', 'use', 'using', 'best', 'good', 'great', 'right',
  // Ordering what a page offers ("can I order", "do you set up").
  'order', 'ordering', 'set', 'sets', 'whether',
]);

export const POLISH_QUERY_WORDS: ReadonlySet<string> = new Set([
  // Prośby i szukanie.
  'pomoc', 'pomocy', 'pomoze', 'pomozecie', 'pomoglibyscie', 'pomozcie', 'potrzebuje', 'potrzebujemy', 'potrzebna',
  'potrzebny', 'potrzebne', 'szukam', 'szukamy', 'poszukuje', 'poszukujemy', 'chce', 'chcemy', 'chcialbym',
  'chcialabym', 'chcielibysmy', 'prosze', 'prosimy', 'dziekuje', 'dzieki', 'witam', 'czesc', 'hej',
  'znalezc', 'znajde', 'znajdziemy', 'dowiedziec', 'wiedziec', 'powiedziec', 'powiedzcie', 'pokazac',
  // Pytania do firmy o nią samą.
  'oferujecie', 'oferuje', 'robicie', 'zrobicie', 'zajmujecie', 'zajmuje', 'macie', 'mozecie', 'moge', 'mozemy',
  'mozna', 'moglby', 'moglaby', 'mogliby', 'mozliwe', 'da', 'dacie', 'jestescie', 'pracujecie', 'dzialacie', 'zapewniacie', 'wykonujecie', 'uslugujecie',
  'wami', 'wam', 'wasz', 'wasza', 'wasze', 'waszej', 'waszego', 'waszych', 'waszym', 'panstwo', 'panstwa', 'panstwem',
  'ktos', 'kogos', 'cos', 'czegos', 'jakis', 'jakas', 'jakies', 'jakiegos', 'jakiejs', 'troche', 'duzo',
  'informacje', 'informacji', 'info', 'pytanie', 'pytania', 'wlasciwie', 'dokladnie', 'aktualnie', 'obecnie',
  'najlepszy', 'najlepsza', 'najlepsze', 'dobry', 'dobra', 'dobre', 'sposob', 'chodzi', 'mam', 'mamy',
  // Zamawianie tego, co strona oferuje ("czy mogę zamówić").
  'zamowic', 'zamowie', 'zamowimy', 'zamawiac', 'robic', 'zrobic', 'zrobimy', 'robimy',
]);
