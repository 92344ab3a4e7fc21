// The benchmark's baseline: a bare express 5 hello-world on the same machine.
const express = require('express');

const app = express();
app.get('/', (_req, res) => res.json({ hello: 'world' }));
const server = app.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
