/**
 * Quality check of the Polish stemmer on the vocabulary of an analytics and marketing agency:
 * every inflected form of a word must get the word's stem, whether typed with or without
 * diacritics. Families the light stemmer cannot join are listed separately, with the reason,
 * so that a change in their behaviour is noticed too.
 */
import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/search/text/fold.js';
import { stemPolish } from '../../../src/search/text/stem-polish.js';

const stem = (word: string): string => stemPolish(foldText(word));

/** How people type Polish on a keyboard without Polish letters (independent of foldText). */
const PLAIN_LETTERS: Readonly<Record<string, string>> = { ą: 'a', ć: 'c', ę: 'e', ł: 'l', ń: 'n', ó: 'o', ś: 's', ź: 'z', ż: 'z' };
const typedWithoutDiacritics = (word: string): string =>
  word.toLowerCase().replace(/[ąćęłńóśźż]/g, (letter) => PLAIN_LETTERS[letter] ?? letter);

const FAMILIES: readonly (readonly [string, string])[] = [
  ['usługa', 'usługa usługi usług usługę usługą usłudze usługach usługami usługom usługowy'],
  ['strona', 'strona strony stronie stronę stroną stron stronach stronami stronom'],
  ['wdrożenie', 'wdrożenie wdrożenia wdrożeniu wdrożeniem wdrożeń wdrożeniach wdrożeniami wdrożeniom'],
  ['analityka', 'analityka analityki analitykę analityką analityce analityk analitycy analityków'],
  ['szkolenie', 'szkolenie szkolenia szkoleniu szkoleniem szkoleń szkoleniach szkoleniami szkoleniowy'],
  ['kampania', 'kampania kampanii kampanię kampanią kampanie kampaniach kampaniami kampaniom'],
  ['reklama', 'reklama reklamy reklamie reklamę reklamą reklam reklamach reklamami reklamowy'],
  ['konwersja', 'konwersja konwersji konwersję konwersją konwersje konwersjach konwersjami konwersjom'],
  ['raport', 'raport raportu raportowi raportem raporcie raporty raportów raportach raportami'],
  ['audyt', 'audyt audytu audytem audycie audyty audytów audytach audytami'],
  ['cennik', 'cennik cennika cennikowi cennikiem cenniku cenniki cenników cennikach'],
  ['miasto', 'miasto miasta miastu miastem mieście miast miastach miastami'],
  // Irregular forms joined by a table (vowel change, fleeting e next to a soft consonant).
  ['dzień', 'dzień dnia dniu dniem dni dniach'],
  ['grudzień', 'grudzień grudnia grudniu'],
  ['wrzesień', 'wrzesień września wrześniu'],
  ['marzec', 'marzec marca marcu'],
  ['firma', 'firma firmy firmie firmę firmą firm firmach firmami firmom firmowy'],
  ['klient', 'klient klienta klientowi klientem kliencie klienci klientów klientach klientom'],
  ['sklep', 'sklep sklepu sklepowi sklepem sklepie sklepy sklepów sklepach sklepami'],
  ['dane', 'dane danych danym danymi'],
  ['zgoda', 'zgoda zgody zgodzie zgodę zgodą zgód zgodach zgodami'],
  ['pomiar', 'pomiar pomiaru pomiarem pomiary pomiarów pomiarach pomiarami'],
  ['narzędzie', 'narzędzie narzędzia narzędziu narzędziem narzędzi narzędziach narzędziami narzędziom'],
  ['wydarzenie', 'wydarzenie wydarzenia wydarzeniu wydarzeniem wydarzeń wydarzeniach wydarzeniami'],
  ['warsztaty', 'warsztaty warsztatów warsztatach warsztatami warsztat warsztatu warsztacie'],
  ['Kraków', 'Kraków Krakowa Krakowowi Krakowem Krakowie'],
  ['Warszawa', 'Warszawa Warszawy Warszawie Warszawę Warszawą'],
  ['Łódź', 'Łódź Łodzi Łodzią'],
  ['Poznań', 'Poznań Poznania Poznaniu Poznaniem'],
  ['Wrocław', 'Wrocław Wrocławia Wrocławiu Wrocławiem'],
  ['Katowice', 'Katowice Katowic Katowicach'],
  ['dashboard', 'dashboard dashboardu dashboardy dashboardów dashboardach dashboardem dashboardzie'],
  ['oferta', 'oferta oferty ofercie ofertę ofertą ofert ofertach'],
  ['projekt', 'projekt projektu projektem projekcie projekty projektów projektach'],
  ['produkt', 'produkt produktu produkcie produkty produktów produktowy'],
  ['marketing', 'marketing marketingu marketingiem marketingowy marketingowa marketingowych'],
  ['kontakt', 'kontakt kontaktu kontakcie kontaktem kontakty kontaktowy'],
  ['zespół', 'zespół zespołu zespole zespołem zespołowi zespoły zespołów'],
  ['strategia', 'strategia strategii strategię strategią strategie strategiach'],
  ['optymalizacja', 'optymalizacja optymalizacji optymalizację optymalizacją optymalizacje'],
  ['jakość', 'jakość jakości jakością'],
  ['wiedza', 'wiedza wiedzy wiedzę wiedzą'],
  ['budżet', 'budżet budżetu budżetem budżecie budżety budżetów'],
  ['pakiet', 'pakiet pakietu pakiecie pakiety pakietów'],
  ['internet', 'internet internetu internecie internetem internetowy internetowa'],
  ['metoda', 'metoda metody metodzie metodę metod metodach'],
  ['przykład', 'przykład przykładu przykładzie przykłady przykładów'],
  ['specjalista', 'specjalista specjalisty specjaliście specjalistę specjalistą specjaliści specjalistów'],
  ['wsparcie', 'wsparcie wsparcia wsparciu wsparciem'],
  ['zdjęcie', 'zdjęcie zdjęcia zdjęciu zdjęciem zdjęć zdjęciach'],
  ['kliknięcie', 'kliknięcie kliknięcia kliknięciu kliknięć kliknięciach'],
  ['użytkownik', 'użytkownik użytkownika użytkownikiem użytkowniku użytkownicy użytkowników użytkownikom'],
  ['partner', 'partner partnera partnerowi partnerem partnerze partnerzy partnerów partnerach'],
  ['rynek', 'rynek rynku rynkiem rynki rynków rynkach'],
  ['wynik', 'wynik wyniku wyniki wyników wynikach wynikami'],
  ['formularz', 'formularz formularza formularzu formularzem formularze formularzy formularzach'],
  ['koszt', 'koszt kosztu koszty kosztów kosztem koszcie'],
  ['tekst', 'tekst tekstu tekście teksty tekstów'],
  ['Polska', 'Polska Polski Polsce Polskę Polską'],
  ['dokument', 'dokument dokumentu dokumencie dokumenty dokumentów'],
  ['system', 'system systemu systemem systemy systemów systemie'],
  ['problem', 'problem problemu problemem problemy problemów'],
  ['ekspert', 'ekspert eksperta ekspertem ekspercie eksperci ekspertów'],
  ['certyfikat', 'certyfikat certyfikatu certyfikacie certyfikaty certyfikatów'],
  ['wizyta', 'wizyta wizyty wizycie wizytę wizyt'],
  ['grupa', 'grupa grupy grupie grupę grup grupach'],
  ['baza', 'baza bazy bazie bazę bazą baz bazach'],
  ['tag', 'tag tagu tagiem tagi tagów tagach'],
  ['skrypt', 'skrypt skryptu skrypcie skrypty'],
  ['sprzedaż', 'sprzedaż sprzedaży sprzedażą sprzedażowy'],
  ['ruch', 'ruch ruchu ruchem ruchy'],
  ['kategoria', 'kategoria kategorii kategorię kategorie kategoriach'],
  ['karta', 'karta karty karcie kartę kart'],
  ['zakładka', 'zakładka zakładki zakładkę zakładek zakładkach'],
  ['opieka', 'opieka opieki opiekę opieką opiece'],
  ['koniec', 'koniec końca końcu końcem'],
  ['praca', 'praca pracy pracę pracą prac pracach'],
  ['współpraca', 'współpraca współpracy współpracę współpracą'],
  ['sieć', 'sieć sieci siecią'],
  ['umowa', 'umowa umowy umowie umowę umów'],
  ['miejsce', 'miejsce miejsca miejscu miejsc miejscach'],
  ['poziom', 'poziom poziomu poziomy poziomów poziomie'],
];

describe('Polish inflection families share one stem', () => {
  it('covers at least forty families', () => {
    expect(FAMILIES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(FAMILIES)('%s', (_family, forms) => {
    const stems = new Set(forms.split(' ').map(stem));
    expect([...stems]).toHaveLength(1);
  });

  it.each(FAMILIES)('%s, typed without diacritics', (_family, forms) => {
    const words = forms.split(' ');
    expect(words.map((word) => stem(typedWithoutDiacritics(word)))).toEqual(words.map(stem));
  });

  it.each(FAMILIES)('%s: stemming the stem again changes nothing', (_family, forms) => {
    // The index re-analyses analysed query terms, so the stem of a noun must be stable.
    for (const form of forms.split(' ')) expect(stemPolish(stem(form))).toBe(stem(form));
  });
});

describe('known limitations: forms a light stemmer leaves apart', () => {
  it.each([
    // Vowel alternations inside the stem (a → e, ą → ę, o → e) need a dictionary.
    ['świat', 'świecie', 'swiat', 'swiet'],
    ['błąd', 'błędu', 'blad', 'bled'],
    // "-arze" is the plural of nouns in -arz (formularze, kalendarze), not the locative of
    // nouns in -ar; the base-form query "pomiar" still finds "pomiarz" as a prefix.
    ['pomiar', 'pomiarze', 'pomiar', 'pomiarz'],
    // "-trze" is read as the locative of nouns in -tr (teatrze, filtrze, parametrze), so the
    // nominative "wnętrze" loses its z; "wnetr" is still a prefix of "wnetrz".
    ['wnętrza', 'wnętrze', 'wnetrz', 'wnetr'],
    // "-ice" and "-ce" after a consonant belong to -ica/-ca nouns and to city names (granice,
    // Katowice, praca/pracę), so k → c is only undone after y and s (analityce, Polsce).
    ['technika', 'technice', 'technik', 'technic'],
    ['wtyczka', 'wtyczce', 'wtyczk', 'wtyczc'],
    ['marka', 'marce', 'mark', 'marc'],
    // "-edze" is the accusative of "wiedza" (wiedzę), so g → dz is not undone after e.
    ['kolega', 'koledze', 'koleg', 'koledz'],
    // "-arcie" is the ending of verbal nouns (wsparcie, otwarcie), so t → c is not undone.
    ['start', 'starcie', 'start', 'starc'],
    // "-ście" is read as the locative of nouns in -st (tekście, teście), not the plural of "gość".
    ['gość', 'goście', 'gosc', 'gost'],
    // A derived -owy adjective of a three-letter root keeps its -ow ("budowa" must not become
    // "bud", a prefix of "budżet").
    ['typ', 'typowy', 'typ', 'typow'],
    // Suppletion: different roots for one word.
    ['człowiek', 'ludzie', 'czlowiek', 'ludz'],
    ['rok', 'lata', 'rok', 'lat'],
    // English plurals inside Polish text are not Polish inflection.
    ['cookie', 'cookies', 'cookie', 'cookies'],
  ])('"%s" and "%s" stay apart (%s, %s)', (base, form, baseStem, formStem) => {
    expect(stem(base)).toBe(baseStem);
    expect(stem(form)).toBe(formStem);
  });
});
