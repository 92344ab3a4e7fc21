import { createUnionType, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { SwapParameters, TransactionDetails, TransferParameters } from '../agent/intent';
import type { Route } from '../quotes/quote-provider';
import { IntegerAmountScalar } from '../shared/scalars/integer-amount.scalar';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';

enum SwapModeValue {
  ExactIn = 'ExactIn',
  ExactOut = 'ExactOut',
}
registerEnumType(SwapModeValue, {
  name: 'SwapMode',
  description: 'Which side of a swap is fixed.',
  valuesConfig: {
    ExactIn: { description: 'The input spent is fixed; the output is at least `otherAmountThreshold`.' },
    ExactOut: { description: 'The output received is fixed; the input is at most `otherAmountThreshold`.' },
  },
});

@ObjectType('SwapParameters', { description: 'What a swap was asked for.' })
export class SwapParametersType {
  @Field(() => SolanaAddressScalar, { description: 'Mint of the token spent.' })
  inputToken!: string;

  @Field(() => SolanaAddressScalar, { description: 'Mint of the token received.' })
  outputToken!: string;

  @Field(() => IntegerAmountScalar, { description: 'Base units of the input token: what is spent (ExactIn), or the most that may be spent (ExactOut).' })
  amount!: number | string;

  @Field(() => Int, { description: 'Slippage tolerance in basis points (100 = 1%).' })
  slippageBps!: number;

  @Field(() => SwapModeValue, { description: 'Which side the command fixed: ExactOut when it named the amount received ("buy 100 USDC with SOL").' })
  swapMode!: 'ExactIn' | 'ExactOut';
}

@ObjectType('TransferParameters', { description: 'What a transfer was asked for.' })
export class TransferParametersType {
  @Field(() => SolanaAddressScalar, { description: 'Mint of the token sent (the wrapped-SOL mint for SOL).' })
  token!: string;

  @Field(() => IntegerAmountScalar, { description: 'Base units sent.' })
  amount!: number | string;

  @Field(() => SolanaAddressScalar, { description: 'The wallet that receives it.' })
  recipient!: string;
}

export const TransactionParameters = createUnionType({
  name: 'TransactionParameters',
  description: 'The parameters of a swap or of a transfer.',
  types: () => [SwapParametersType, TransferParametersType] as const,
  resolveType: (value) => ('recipient' in value ? 'TransferParameters' : 'SwapParameters'),
});

@ObjectType('SwapInfo', { description: "One hop of a route, as Jupiter's routePlan describes it. Amounts are integer strings in base units." })
export class SwapInfoType {
  @Field(() => String, { description: 'The pool or AMM (the local pool: its address).' })
  ammKey!: string;

  @Field(() => String, { nullable: true, description: 'The venue\'s name ("Local pool", an AMM\'s label); null where the source names none.' })
  label?: string;

  @Field(() => SolanaAddressScalar, { description: 'Mint of the token into this hop.' })
  inputMint!: string;

  @Field(() => SolanaAddressScalar, { description: 'Mint of the token out of this hop.' })
  outputMint!: string;

  @Field(() => String, { description: 'Base units into this hop.' })
  inAmount!: string;

  @Field(() => String, { description: 'Base units out of this hop.' })
  outAmount!: string;

  @Field(() => String, { nullable: true, description: 'The hop\'s fee, base units of `feeMint`; null where the source gives none.' })
  feeAmount?: string;

  @Field(() => SolanaAddressScalar, { nullable: true, description: 'Mint the fee is charged in; null where the source gives none.' })
  feeMint?: string;
}

@ObjectType('RoutePlanStep', { description: 'One step of a route: a hop and the share of the amount through it.' })
export class RoutePlanStepType {
  @Field(() => SwapInfoType, { description: 'The hop.' })
  swapInfo!: SwapInfoType;

  @Field(() => Float, { description: 'Percent of the amount through this hop.' })
  percent!: number;
}

@ObjectType('Route', { description: 'The quote a swap settles. Amounts are integer strings in base units.' })
export class RouteType {
  @Field(() => String, { description: 'Base units of the input token spent.' })
  inAmount!: string;

  @Field(() => String, { description: 'Base units of the output token expected.' })
  outAmount!: string;

  @Field(() => Float, { description: 'Price impact in percent.' })
  priceImpact!: number;

  @Field(() => Int, { description: 'Slippage tolerance in basis points (100 = 1%).' })
  slippageBps!: number;

  @Field(() => String, { description: 'ExactIn: the least output accepted; ExactOut: the most input spent.' })
  otherAmountThreshold!: string;

  @Field(() => SwapModeValue, { description: 'The route\'s own mode: Jupiter quotes ExactIn only, so an exact-out command is routed ExactIn.' })
  swapMode!: 'ExactIn' | 'ExactOut';

  @Field(() => [RoutePlanStepType], { description: 'The hops, in order.' })
  routePlan!: RoutePlanStepType[];

  @Field(() => String, {
    description: "`local-pool` (the offline estimate, settled by the embedded ledger's local pool: not a market), `estimate` (quote only, no transaction) or `jupiter`.",
  })
  source!: string;
}

/**
 * The fields that name a token, declared once for the types below, which inherit them (first,
 * as before). No field returns it, so the schema has no such type.
 */
@ObjectType('TokenFields')
class TokenFields {
  @Field(() => SolanaAddressScalar, { description: 'The token\'s mint (`So11111111111111111111111111111111111111112` for SOL).' })
  mint!: string;

  @Field(() => String, { description: 'Its symbol, or a shortened mint when it is not listed.' })
  symbol!: string;

  @Field(() => Int, { description: 'Its decimals, read from the mint: base units ÷ 10^decimals is the amount in tokens.' })
  decimals!: number;
}

@ObjectType('BalanceChange', { description: "A change of one token's balance in the session wallet. Amounts are integer strings in base units." })
export class BalanceChangeType extends TokenFields {
  @Field(() => String, { description: 'The balance now, as the portfolio shows it.' })
  before!: string;

  @Field(() => String, { description: 'The balance once the transaction lands.' })
  after!: string;

  @Field(() => String, { description: 'Signed: after − before. For SOL it includes the network fee and any rent the wallet pays.' })
  change!: string;
}

@ObjectType('TransferFee', { description: 'A Token-2022 transfer fee, withheld by the mint from what the receiving side gets.' })
export class TransferFeeType extends TokenFields {
  @Field(() => String, { description: 'Base units withheld (integer string).' })
  amount!: string;

  @Field(() => String, { description: 'Who receives the transfer the fee is taken from: "the recipient", "you", "the local pool".' })
  payee!: string;
}

@ObjectType('TransactionPreview', { description: 'What the transaction does to the session wallet, from simulating it unsigned on the chain.' })
export class TransactionPreviewType {
  @Field(() => Boolean, { description: 'True: the figures come from a simulation of this very transaction.' })
  simulated!: boolean;

  @Field(() => [BalanceChangeType], { description: "The wallet's tokens whose balance changes; SOL includes the fee." })
  balanceChanges!: BalanceChangeType[];

  @Field(() => String, { description: 'The network fee in lamports (integer string), base and priority.' })
  feeLamports!: string;

  @Field(() => Int, { description: 'Compute units the simulation used.' })
  computeUnits!: number;

  @Field(() => [TransferFeeType], { description: 'Token-2022 transfer fees the transaction pays; empty for most tokens.' })
  transferFees!: TransferFeeType[];

  @Field(() => [String], { description: 'Things to know before signing (accounts created and their rent, the local pool, little SOL left).' })
  warnings!: string[];
}

@ObjectType('TokenAmount', { description: 'An amount of a token: base units (integer string) and whole tokens (exact decimal text).' })
export class TokenAmountType extends TokenFields {
  @Field(() => String, { description: 'Base units, an integer string.' })
  amount!: string;

  @Field(() => String, { description: 'Whole tokens, exact decimal text ("1.5").' })
  uiAmount!: string;
}

@ObjectType('Confirmation', { description: 'The fields behind `summary`: what the wallet owner confirms before signing.' })
export class ConfirmationType {
  @Field(() => String, { description: '`swap` or `transfer`.' })
  action!: string;

  @Field(() => TokenAmountType, { description: 'What the wallet spends.' })
  input!: TokenAmountType;

  @Field(() => TokenAmountType, { description: 'Swaps: the output expected; transfers: what the recipient receives, less any transfer fee.' })
  output!: TokenAmountType;

  @Field(() => TokenAmountType, { nullable: true, description: 'Swaps quoted ExactIn: the least output accepted after slippage.' })
  minimumOutput?: TokenAmountType;

  @Field(() => TokenAmountType, { nullable: true, description: 'Swaps quoted ExactOut: the most input spent after slippage.' })
  maximumInput?: TokenAmountType;

  @Field(() => Int, { nullable: true, description: 'Swaps: slippage tolerance in basis points (100 = 1%); null for transfers.' })
  slippageBps?: number;

  @Field(() => Float, { nullable: true, description: 'Percent.' })
  priceImpact?: number;

  @Field(() => String, { nullable: true, description: 'Swaps: `local-pool`, `estimate` or `jupiter`.' })
  source?: string;

  @Field(() => SolanaAddressScalar, { nullable: true, description: 'Transfers: who receives it.' })
  recipient?: string;

  @Field(() => String, { nullable: true, description: 'The network fee in lamports; absent for a quote-only swap.' })
  feeLamports?: string;

  @Field(() => SolanaAddressScalar, { description: 'The session wallet, which signs and pays the fee.' })
  wallet!: string;

  @Field(() => String, { description: '`mainnet` or `devnet`.' })
  network!: string;

  @Field(() => String, { description: 'The network in words.' })
  networkName!: string;
}

@ObjectType('TransactionDetails', { description: 'A transaction built for the wallet to sign. Parley never signs.' })
export class TransactionDetailsType {
  @Field(() => ID, { nullable: true, description: 'The stored record: GET /v1/transactions/{id}; submit it signed with POST /v1/transactions/{id}/submit.' })
  transactionId?: string;

  @Field(() => String, { description: '`swap` or `transfer`.' })
  type!: string;

  @Field(() => TransactionParameters, { description: 'SwapParameters for a swap, TransferParameters for a transfer.' })
  parameters!: SwapParameters | TransferParameters;

  @Field(() => RouteType, { nullable: true, description: 'Swaps: the quote the transaction settles.' })
  route?: Route;

  @Field(() => String, { nullable: true, description: 'Base64 of the unsigned transaction.' })
  serializedTransaction?: string;

  @Field(() => Float, { nullable: true, description: 'The transaction can land only while the chain is at or below this block height (about 60–90 s after it was built); then refresh it.' })
  lastValidBlockHeight?: number;

  @Field(() => TransactionPreviewType, { nullable: true, description: 'The balance changes, fee and compute units from simulating the transaction; absent for a quote-only swap.' })
  preview?: TransactionPreviewType;

  @Field(() => String, { nullable: true, description: 'One line to confirm before signing: action, amounts in human and base units, the bound after slippage, fee, wallet, network.' })
  summary?: string;

  @Field(() => ConfirmationType, { nullable: true, description: 'The fields the summary is made of.' })
  confirmation?: ConfirmationType;

  @Field(() => Date, { nullable: true, description: 'After this time, refresh the transaction (POST /v1/transactions/{id}/refresh) instead of signing it.' })
  expiresAt?: Date;

  static of(details: TransactionDetails): TransactionDetailsType {
    return Object.assign(
      new TransactionDetailsType(),
      details,
      details.expiresAt ? { expiresAt: new Date(details.expiresAt) } : {},
      // Previews stored before transfer fees were reported have none.
      details.preview ? { preview: { ...details.preview, transferFees: details.preview.transferFees ?? [] } } : {},
    );
  }
}
