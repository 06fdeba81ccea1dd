import { seededRandom } from './random.js';

/**
 * Word stock for synthetic pages. Real sites have a long tail: a few thousand common words and
 * tens of thousands of rare ones (names, products, inflected forms). The domain words of an
 * analytics agency come first (most frequent), followed by generated words built from Polish or
 * English syllables (the long tail), so that a query term matches a realistic share of pages.
 */
const POLISH_DOMAIN = `analityka analityki analitykę wdrożenie wdrożenia wdrożeniu usługa usługi usług usługach
strona strony stronie stron kampania kampanii kampanie reklama reklamy reklam konwersja konwersje konwersji
raport raporty raportów audyt audytu audycie cennik cennika cenniku firma firmy firmie klient klienta klientów
sklep sklepu sklepie dane danych zgoda zgody zgód pomiar pomiaru narzędzie narzędzia narzędzi wydarzenie
wydarzenia warsztaty warsztatów szkolenie szkolenia szkoleń Kraków Krakowie Warszawa Warszawie Wrocław
Wrocławiu Poznań Poznaniu Gdańsk Gdańsku Łódź Łodzi zdarzenie zdarzenia tag tagi tagów kontener kontenera
serwer serwera baner banera plik pliku roboty robotów widoczność widoczności asystent asystenci odpowiedź
odpowiedzi pytanie pytania koszt koszty kosztuje cena ceny netto pakiet pakiety pakietu miesięcznie zespół
zespołu marketing marketingu sprzedaż sprzedaży źródło źródła ruch ruchu użytkownik użytkownicy plan planu
wynik wyniki wyników problem problemy błąd błędy błędów konfiguracja konfiguracji integracja integracji
dashboard dashboardy dashboardów przegląd przeglądu opieka opieki abonament abonamentu umowa umowy termin`;

const ENGLISH_DOMAIN = `analytics implementation implementing implemented service services tracking track
tracked conversion conversions campaign campaigns advertising report reports reporting audit audits price
prices pricing cost costs company companies client clients shop store data consent consents measurement
measure tool tools event events workshop workshops training trainings Krakow Warsaw Wroclaw Poznan Gdansk
Lodz tag tags container containers server servers banner banners file files crawler crawlers bots visibility
assistant assistants answer answers question questions net package packages monthly team marketing sales
source sources traffic user users plan plans result results problem problems error errors configuration
integration integrations dashboard dashboards review reviews care retainer contract week weeks day days`;

const POLISH_SYLLABLES = 'ka ko ku ma mi mo na no ny ra ro ry ta to ty wa wo wy za zo ży ło łą ść cz sz rz dz prze sta sko pro wie nie cie dzie ją ę ą ó ń ź'.split(' ');
const POLISH_ENDINGS = ' a y ę ą ie u em ów ach ami om owy owa owe ość ości anie ania eniu'.split(' ');
const ENGLISH_SYLLABLES = 'ba be bi bo con de di en ex fa fi ga in la le li lo ma me mi mo na ne no pa pe pi po pre pro ra re ri ro sa se si so ta te ti to tra un ver'.split(' ');
const ENGLISH_ENDINGS = ' s ed ing er ers tion tions ment ments ly al able ity'.split(' ');

function generated(syllables: readonly string[], endings: readonly string[], count: number, seed: number): string[] {
  const random = seededRandom(seed);
  const words = new Set<string>();
  while (words.size < count) {
    const length = 2 + Math.floor(random() * 3);
    let root = '';
    for (let i = 0; i < length; i++) root += syllables[Math.floor(random() * syllables.length)];
    // Each root appears with a few endings, as inflected and derived forms do.
    for (let i = 0; i < 3; i++) words.add(root + endings[Math.floor(random() * endings.length)]);
  }
  return [...words];
}

const split = (text: string) => text.split(/\s+/).filter(Boolean);

export const POLISH_WORDS: readonly string[] = generated(POLISH_SYLLABLES, POLISH_ENDINGS, 30_000, 1);
export const ENGLISH_WORDS: readonly string[] = generated(ENGLISH_SYLLABLES, ENGLISH_ENDINGS, 30_000, 2);
/** The domain words alone: what people search for. */
export const POLISH_QUERY_WORDS: readonly string[] = split(POLISH_DOMAIN).filter((word) => word.length > 3);
export const ENGLISH_QUERY_WORDS: readonly string[] = split(ENGLISH_DOMAIN).filter((word) => word.length > 3);

export const PAGE_TYPES = ['services_index', 'service_area', 'service', 'city_page', 'pricing', 'case_studies', 'event', 'blog', 'company'] as const;
