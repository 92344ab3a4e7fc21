import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Keypair, LAMPORTS_PER_SOL, SystemProgram, Transaction } from '@solana/web3.js';
import { Account, FailedTransactionMetadata, INSTRUCTION_ERRORS, LiteSvm, rpcError, TRANSACTION_ERRORS } from '../../src/chain/litesvm-binding';

// What src/chain/litesvm-binding.ts takes from litesvm's internal binding, checked against the
// installed package: a litesvm upgrade that renumbers its errors or renames what the ledger
// calls fails here rather than in a user's answer.
const declarations = readFileSync(path.join(path.dirname(require.resolve('litesvm/dist/internal')), 'internal.d.ts'), 'utf8');

/** The members of `export declare const enum <name>`, by their number. */
function declaredEnum(name: string): string[] {
  const body = new RegExp(`export declare const enum ${name} \\{([^}]*)\\}`).exec(declarations)?.[1];
  if (!body) throw new Error(`litesvm no longer declares the const enum ${name}`);
  const names: string[] = [];
  for (const [, member, value] of body.matchAll(/(\w+) = (\d+)/g)) names[Number(value)] = member;
  return names;
}

describe("LiteSVM's binding (litesvm/dist/internal)", () => {
  it("names its fieldless errors at the numbers the package declares", () => {
    expect(TRANSACTION_ERRORS).toEqual(declaredEnum('TransactionErrorFieldless'));
    expect(INSTRUCTION_ERRORS).toEqual(declaredEnum('InstructionErrorFieldless'));
  });

  it('has the classes and methods the embedded ledger calls', () => {
    const methods = [
      'expireBlockhash', 'getAccount', 'getBalance', 'getClock', 'latestBlockhash', 'minimumBalanceForRentExemption',
      'sendLegacyTransaction', 'sendVersionedTransaction', 'setAccount', 'setSigverify', 'simulateLegacyTransaction', 'simulateVersionedTransaction',
    ];
    expect(methods.filter((method) => typeof (LiteSvm.prototype as unknown as Record<string, unknown>)[method] !== 'function')).toEqual([]);
    expect(['err', 'meta'].filter((method) => typeof (FailedTransactionMetadata.prototype as unknown as Record<string, unknown>)[method] !== 'function')).toEqual([]);
    expect(typeof Account).toBe('function');
  });

  it("answers a failed transaction's error in a node's JSON shape", () => {
    const svm = new LiteSvm();
    const payer = Keypair.generate();
    const system = new Uint8Array(32);
    svm.setAccount(payer.publicKey.toBytes(), new Account(BigInt(LAMPORTS_PER_SOL), new Uint8Array(), system, false, 0n));
    const transfer = (lamports: number) => {
      const transaction = new Transaction({ feePayer: payer.publicKey, recentBlockhash: svm.latestBlockhash() });
      transaction.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: Keypair.generate().publicKey, lamports }));
      transaction.sign(payer);
      return svm.sendLegacyTransaction(transaction.serialize());
    };
    const failed = transfer(2 * LAMPORTS_PER_SOL);
    expect(failed).toBeInstanceOf(FailedTransactionMetadata);
    expect(rpcError((failed as FailedTransactionMetadata).err())).toEqual({ InstructionError: [0, { Custom: 1 }] });

    const unfunded = Keypair.generate();
    const transaction = new Transaction({ feePayer: unfunded.publicKey, recentBlockhash: svm.latestBlockhash() });
    transaction.add(SystemProgram.transfer({ fromPubkey: unfunded.publicKey, toPubkey: payer.publicKey, lamports: 1 }));
    transaction.sign(unfunded);
    const unpaid = svm.sendLegacyTransaction(transaction.serialize());
    expect(rpcError((unpaid as FailedTransactionMetadata).err())).toBe('AccountNotFound');
  });
});
