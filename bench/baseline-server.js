// The benchmark's baseline: a bare express 5 hello-world on the same machine. With
// PARLEY_SERVER=1, the same app on Parley's HTTP server (`createHttpServer`, from the build),
// for reference: how much of Parley's ratio to the baseline is that server's doing.
const express = require('express');

const app = express();
app.get('/', (_req, res) => res.json({ hello: 'world' }));
const server = process.env.PARLEY_SERVER ? require('../dist/src/app/node-http-server').createHttpServer(app) : require('node:http').createServer(app);
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
