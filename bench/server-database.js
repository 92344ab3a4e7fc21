// A fresh database of a benchmark's own on a PostgreSQL server, dropped afterwards, so that runs
// start alike (no history or dead rows left by an earlier run).
const { Client } = require('pg');

async function onServer(url, sql) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** Creates `parley_bench_<time>` on the server at `serverUrl`: its URL, and how to drop it. */
async function freshServerDatabase(serverUrl) {
  const name = `parley_bench_${Date.now()}`;
  await onServer(serverUrl, `create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => onServer(serverUrl, `drop database if exists "${name}" with (force)`) };
}

module.exports = { freshServerDatabase };
