import { ComputeBudgetProgram, PublicKey, SystemProgram, type VersionedMessage } from '@solana/web3.js';

/** Lamports per signature, as on mainnet. */
export const LAMPORTS_PER_SIGNATURE = 5000n;

const COMPUTE_BUDGET_PROGRAM = ComputeBudgetProgram.programId;
/** Programs whose instructions count 3,000 compute units toward the default limit (SIMD-0170); others 200,000. */
const BUILTINS = [
  COMPUTE_BUDGET_PROGRAM,
  SystemProgram.programId,
  ...[
    'Vote111111111111111111111111111111111111111',
    'Stake11111111111111111111111111111111111111',
    'Config1111111111111111111111111111111111111',
    'BPFLoaderUpgradeab1e11111111111111111111111',
    'BPFLoader2111111111111111111111111111111111',
    'AddressLookupTab1e1111111111111111111111111',
  ].map((program) => new PublicKey(program)),
];

/**
 * The fee of a message as the runtime charges it: 5,000 lamports per signature plus the
 * priority fee, ceil(compute-unit price × compute-unit limit / 10^6), the limit being the
 * message's SetComputeUnitLimit or else the default (3,000 per builtin instruction, 200,000
 * per other, at most 1,400,000). Checked against what LiteSVM charges by the preview tests.
 * https://solana.com/docs/core/fees
 */
export function feeForMessage(message: VersionedMessage): bigint {
  let price = 0n;
  let limit: bigint | undefined;
  let defaultLimit = 0n;
  for (const instruction of message.compiledInstructions) {
    const program = message.staticAccountKeys[instruction.programIdIndex];
    const data = Buffer.from(instruction.data);
    const budget = program.equals(COMPUTE_BUDGET_PROGRAM);
    if (budget && data[0] === 2) limit = BigInt(data.readUInt32LE(1));
    if (budget && data[0] === 3) price = data.readBigUInt64LE(1);
    defaultLimit += BUILTINS.some((builtin) => builtin.equals(program)) ? 3_000n : 200_000n;
  }
  const units = limit ?? (defaultLimit < 1_400_000n ? defaultLimit : 1_400_000n);
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numRequiredSignatures) + (price * units + 999_999n) / 1_000_000n;
}
