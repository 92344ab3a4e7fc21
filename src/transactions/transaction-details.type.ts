import { createUnionType, Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import type { SwapParameters, TransactionDetails, TransferParameters } from '../agent/intent';
import type { Route } from '../quotes/estimate-quoter';
import { IntegerAmountScalar } from '../shared/scalars/integer-amount.scalar';
import { SolanaAddressScalar } from '../shared/scalars/solana-address.scalar';

enum SwapModeValue {
  ExactIn = 'ExactIn',
  ExactOut = 'ExactOut',
}
registerEnumType(SwapModeValue, { name: 'SwapMode', description: 'ExactIn: `amount` is the input spent; ExactOut: the output received.' });

@ObjectType('SwapParameters', { description: 'What a swap was asked for.' })
export class SwapParametersType {
  @Field(() => SolanaAddressScalar, { description: 'Mint of the token spent.' })
  inputToken!: string;

  @Field(() => SolanaAddressScalar, { description: 'Mint of the token received.' })
  outputToken!: string;

  @Field(() => IntegerAmountScalar, { description: 'Base units of the input token (ExactIn) or of the output token (ExactOut).' })
  amount!: number | string;

  @Field(() => Int)
  slippageBps!: number;

  @Field(() => SwapModeValue)
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

const parametersType = (value: object) => ('recipient' in value ? 'TransferParameters' : 'SwapParameters');

export const TransactionParameters = createUnionType({
  name: 'TransactionParameters',
  description: 'The parameters of a swap or of a transfer.',
  types: () => [SwapParametersType, TransferParametersType] as const,
  resolveType: parametersType,
});

/** Synchronous type resolvers of the unions, by union name (see buildParleySchema). */
export const UNION_TYPE_RESOLVERS: Record<string, (value: object) => string> = { TransactionParameters: parametersType };

@ObjectType('SwapInfo', { description: "One hop of a route, as Jupiter's routePlan describes it. Amounts are integer strings in base units." })
export class SwapInfoType {
  @Field(() => String, { description: 'The pool or AMM (the local pool: its address).' })
  ammKey!: string;

  @Field(() => String, { nullable: true })
  label?: string;

  @Field(() => SolanaAddressScalar)
  inputMint!: string;

  @Field(() => SolanaAddressScalar)
  outputMint!: string;

  @Field(() => String)
  inAmount!: string;

  @Field(() => String)
  outAmount!: string;

  @Field(() => String, { nullable: true })
  feeAmount?: string;

  @Field(() => SolanaAddressScalar, { nullable: true })
  feeMint?: string;
}

@ObjectType('RoutePlanStep')
export class RoutePlanStepType {
  @Field(() => SwapInfoType)
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

  @Field(() => Int)
  slippageBps!: number;

  @Field(() => String, { description: 'ExactIn: the least output accepted; ExactOut: the most input spent.' })
  otherAmountThreshold!: string;

  @Field(() => SwapModeValue)
  swapMode!: 'ExactIn' | 'ExactOut';

  @Field(() => [RoutePlanStepType])
  routePlan!: RoutePlanStepType[];

  @Field(() => String, {
    description: "`local-pool` (the offline estimate, settled by the embedded ledger's local pool: not a market), `estimate` (quote only, no transaction) or `jupiter`.",
  })
  source!: string;
}

@ObjectType('BalanceChange', { description: "A change of one token's balance in the session wallet. Amounts are integer strings in base units." })
export class BalanceChangeType {
  @Field(() => SolanaAddressScalar)
  mint!: string;

  @Field(() => String)
  symbol!: string;

  @Field(() => Int)
  decimals!: number;

  @Field(() => String, { description: 'The balance now, as the portfolio shows it.' })
  before!: string;

  @Field(() => String, { description: 'The balance once the transaction lands.' })
  after!: string;

  @Field(() => String, { description: 'Signed: after − before. For SOL it includes the network fee and any rent the wallet pays.' })
  change!: string;
}

@ObjectType('TransferFee', { description: 'A Token-2022 transfer fee, withheld by the mint from what the receiving side gets.' })
export class TransferFeeType {
  @Field(() => SolanaAddressScalar)
  mint!: string;

  @Field(() => String)
  symbol!: string;

  @Field(() => Int)
  decimals!: number;

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
export class TokenAmountType {
  @Field(() => SolanaAddressScalar)
  mint!: string;

  @Field(() => String)
  symbol!: string;

  @Field(() => Int)
  decimals!: number;

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

  @Field(() => Int, { nullable: true })
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

  @Field(() => Float, { nullable: true })
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
