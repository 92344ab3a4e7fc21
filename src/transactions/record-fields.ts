import type { TransactionDetails } from '../agent/intent';

/** The columns of a transaction record, from the details the agent built; null where they do not apply. */
export function recordFields(details: TransactionDetails) {
  const p = details.parameters as unknown as Record<string, string | number>;
  if (details.type === 'transfer') {
    return {
      type: 'transfer' as const,
      inputMint: String(p.token),
      outputMint: null,
      inAmount: String(p.amount),
      outAmount: null,
      recipient: String(p.recipient),
      serializedTransaction: details.serializedTransaction ?? null,
      lastValidBlockHeight: details.lastValidBlockHeight ?? null,
      details,
    };
  }
  const route = details.route as { inAmount: string; outAmount: string };
  return {
    type: 'swap' as const,
    inputMint: String(p.inputToken),
    outputMint: String(p.outputToken),
    inAmount: route.inAmount,
    outAmount: route.outAmount,
    recipient: null,
    serializedTransaction: details.serializedTransaction ?? null,
    lastValidBlockHeight: details.lastValidBlockHeight ?? null,
    details,
  };
}
