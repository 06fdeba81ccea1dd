// The framework's ceiling: a minimal Express 5 app answering the same JSON.
import express from 'express';
const app = express();
const body = { ok: true, service: 'bench', message: 'a small JSON body' };
app.get('/ping', (_req, res) => res.json(body));
app.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
