// A test wallet for trying Parley from a shell (README, "From npm start to a confirmed swap").
//   npm run wallet -- new wallet.json          creates a keypair file, prints its address
//   npm run wallet -- sign wallet.json <base64> signs a transaction Parley built, prints it
// It signs with `partialSign` semantics: the local pool's (or Jupiter's) signature stays.
// For trying things only: a real wallet keeps its keys elsewhere.
const { readFileSync, writeFileSync } = require('node:fs');
const { Keypair, VersionedTransaction } = require('@solana/web3.js');

const [command, file, serialized] = process.argv.slice(2);
if (command === 'new' && file) {
  const keypair = Keypair.generate();
  writeFileSync(file, JSON.stringify([...keypair.secretKey]), { mode: 0o600 });
  console.log(keypair.publicKey.toBase58());
} else if (command === 'sign' && file && serialized) {
  const keypair = Keypair.fromSecretKey(Uint8Array.from(JSON.parse(readFileSync(file, 'utf8'))));
  const transaction = VersionedTransaction.deserialize(Buffer.from(serialized, 'base64'));
  transaction.sign([keypair]);
  console.log(Buffer.from(transaction.serialize()).toString('base64'));
} else {
  console.error('usage: npm run wallet -- new <file> | sign <file> <base64 transaction>');
  process.exit(2);
}
