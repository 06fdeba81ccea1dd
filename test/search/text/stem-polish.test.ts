import { describe, expect, it } from 'vitest';
import { foldText } from '../../../src/search/text/fold.js';
import { stemPolish } from '../../../src/search/text/stem-polish.js';

/** Stems as the analyser computes them: on folded words. */
const stem = (word: string): string => stemPolish(foldText(word));

describe('stemPolish: word families meet', () => {
  // The families named in the search requirements, typed the way users type them: folded.
  it.each([
    ['Kraków', ['krakow', 'krakowa', 'krakowie', 'krakowem', 'krakowowi']],
    ['strona', ['strona', 'strony', 'stronie', 'strone', 'strona', 'stron', 'stronach', 'stronami']],
    ['usługa', ['uslugi', 'uslug', 'uslugach', 'uslugami', 'usluga', 'usluge', 'usludze']],
    ['wdrożenie', ['wdrozenie', 'wdrozenia', 'wdrozeniu', 'wdrozeniem', 'wdrozen', 'wdrozeniach']],
    ['analityka', ['analityka', 'analityki', 'analityke', 'analityce', 'analityka']],
    ['szkolenie', ['szkolenie', 'szkolenia', 'szkolen', 'szkoleniu', 'szkoleniami']],
    ['cennik', ['cennik', 'cennika', 'cenniku', 'cennikiem', 'cenniki', 'cennikow']],
    ['konwersja', ['konwersja', 'konwersje', 'konwersji', 'konwersjach', 'konwersjom']],
    ['Warszawa', ['warszawa', 'warszawie', 'warszawy', 'warszawe', 'warszawa']],
    ['Łódź', ['lodz', 'lodzi', 'lodzia']],
    ['dashboard', ['dashboard', 'dashboardy', 'dashboardow', 'dashboardzie', 'dashboardem']],
    ['audyt', ['audyt', 'audytu', 'audyty', 'audycie', 'audytow', 'audytem']],
  ])('%s', (_family, forms) => {
    const stems = new Set(forms.map(stemPolish));
    expect([...stems]).toHaveLength(1);
  });

  it('gives the same stem with and without diacritics', () => {
    expect(stem('wdrożeniu')).toBe(stem('wdrozeniu'));
    expect(stem('Łodzi')).toBe(stem('lodzi'));
  });
});

describe('stemPolish: unrelated words stay apart', () => {
  // Pairs that share a beginning, or that a careless rule (t → c, k → c, d → dz, "-ow", "-em")
  // would merge.
  it.each([
    ['cena', 'cennik'],
    ['konto', 'końca'],
    ['często', 'część'],
    ['lista', 'liść'],
    ['marka', 'marca'],
    ['praca', 'praktyka'],
    ['szkolenie', 'szkoła'],
    ['reklama', 'reklamacja'],
    ['kod', 'kodeks'],
    ['audyt', 'audio'],
    ['strona', 'stronniczy'],
    ['rynek', 'rynna'],
    ['klient', 'klinika'],
    ['pomiar', 'pomidor'],
    ['sklep', 'sklepienie'],
    ['kampania', 'kampus'],
    ['warsztat', 'warstwa'],
    ['zgoda', 'zgon'],
    ['miasto', 'miara'],
    ['firma', 'firanka'],
    ['usługa', 'usta'],
    ['wydarzenie', 'wydanie'],
    ['analiza', 'analityka'],
    ['konwersja', 'konwencja'],
    ['kurs', 'kurz'],
    ['test', 'teść'],
    ['kota', 'koca'],
    ['budżet', 'budowa'],
    ['rozmowa', 'rozmiar'],
    ['umowa', 'umysł'],
    ['metoda', 'metro'],
    ['opinia', 'opis'],
    ['zespół', 'zestaw'],
    ['produkt', 'producent'],
    ['projekt', 'projekcja'],
    ['oferta', 'ofiara'],
    ['sieć', 'siedziba'],
    ['dostęp', 'dostawa'],
    ['wiedza', 'widz'],
    ['media', 'medal'],
    ['koszt', 'kosz'],
    ['karta', 'kara'],
    ['Łódź', 'lody'],
    ['wsparcie', 'wspaniały'],
    ['system', 'systematyczny'],
    ['miejsce', 'miejski'],
    ['biuro', 'biurko'],
    ['start', 'starość'],
    ['konto', 'kontakt'],
    ['marka', 'marketing'],
    ['Polska', 'pole'],
    ['Kraków', 'kraj'],
    ['czas', 'czat'],
    ['baza', 'bazar'],
  ])('"%s" and "%s"', (a, b) => {
    expect(stem(a)).not.toBe(stem(b));
  });
});

describe('stemPolish: guards', () => {
  it('leaves words of three letters or fewer alone', () => {
    expect(['kod', 'dom', 'cel', 'seo', 'ga'].map(stemPolish)).toEqual(['kod', 'dom', 'cel', 'seo', 'ga']);
  });

  it('never leaves fewer than three letters', () => {
    expect(stemPolish('dane')).toBe('dan');
    expect(stemPolish('gry')).toBe('gry');
    expect(stemPolish('ruchu')).toBe('ruch');
  });

  it('joins irregular forms listed by whole word (months, dzień, miasto)', () => {
    expect(['grudzien', 'grudnia', 'grudniu'].map(stemPolish)).toEqual(['grudzien', 'grudzien', 'grudzien']);
    expect(['dzien', 'dnia'].map(stemPolish)).toEqual(['dzien', 'dzien']);
    expect(stemPolish('miescie')).toBe('miasto');
  });

  it('never leaves a stem without a vowel', () => {
    expect(stemPolish('krwi')).toBe('krwi');
    expect(stemPolish('strach')).toBe('strach');
  });

  it.each([
    ['system', 'system'],
    ['systemu', 'system'],
    ['problem', 'problem'],
    ['problemy', 'problem'],
    ['poziom', 'poziom'],
    ['dyplom', 'dyplom'],
    ['miejsce', 'miejsc'],
    ['czlowiek', 'czlowiek'],
    ['biblioteka', 'bibliotek'],
    ['synonim', 'synonim'],
  ])('knows that "%s" only ends like an inflection (→ %s)', (word, expected) => {
    expect(stemPolish(word)).toBe(expected);
  });

  it.each(['menu', 'audio', 'video', 'wideo', 'info', 'demo', 'logo', 'cookie', 'euro'])(
    'leaves the indeclinable "%s" whole',
    (word) => {
      expect(stemPolish(word)).toBe(word);
    },
  );

  it('keeps verbal nouns in -cie apart from the t-noun rule', () => {
    expect(stem('wsparcie')).toBe(stem('wsparcia'));
    expect(stem('zdjęcie')).toBe(stem('zdjęć'));
    expect(stem('podejście')).toBe(stem('podejścia'));
    expect(stem('użycie')).toBe(stem('użycia'));
  });

  it('removes the -ow of derived adjectives only when four letters stay', () => {
    expect(stem('marketingowy')).toBe(stem('marketing'));
    expect(stem('internetowa')).toBe(stem('internet'));
    expect(stem('budowa')).toBe('budow');
  });

  it('removes a bare genitive plural -ów down to three letters', () => {
    expect(stem('tagów')).toBe(stem('tag'));
    expect(stem('celów')).toBe(stem('cel'));
  });

  it('returns words with digits or other scripts unchanged', () => {
    expect(stemPolish('ga4')).toBe('ga4');
    expect(stemPolish('москва')).toBe('москва');
  });
});
