import { loadSite } from './src/content/load-site.js';
import { SearchIndex } from './src/search/search-index.js';
const { site } = await loadSite('./content');
const index = SearchIndex.build(site.pages);
const [text, ...paths] = process.argv.slice(2);
const hits = index.search({ text, limit: 25, lang: 'pl' });
hits.forEach((h, i) => { if (i < 8 || paths.includes(h.page.path)) console.log(i, h.page.path, h.score.toFixed(3)); });
// @ts-ignore
const lang = index['#languages'];
