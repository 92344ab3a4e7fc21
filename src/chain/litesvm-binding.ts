// LiteSVM's own binding, which takes addresses and transactions as bytes; the package's exported
// wrapper converts each through @solana/kit's base58 codec, which cost the embedded ledger most
// of its time (bench/README.md#kept-speed-tricks). The binding is not the package's public
// API, so everything the ledger takes from it is here, and test/chain/litesvm-binding.test.ts
// fails when a litesvm upgrade changes it. Remove by importing from 'litesvm' instead.
export { Account, FailedTransactionMetadata, LiteSvm } from 'litesvm/dist/internal';

/**
 * The names of the binding's fieldless transaction errors, by their number. The binding declares
 * them as a `const enum`, which exists only in its type declarations (at run time it is an empty
 * function), so the names are listed here, and the test checks them against the declarations.
 */
export const TRANSACTION_ERRORS: readonly string[] = `AccountInUse AccountLoadedTwice AccountNotFound
  ProgramAccountNotFound InsufficientFundsForFee InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep
  MissingSignatureForFee InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance
  AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount WouldExceedMaxAccountCostLimit
  WouldExceedAccountDataBlockLimit TooManyAccountLocks AddressLookupTableNotFound InvalidAddressLookupTableOwner
  InvalidAddressLookupTableData InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit
  WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded InvalidLoadedAccountsDataSizeLimit
  UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled`.split(/\s+/);

/** The names of the binding's fieldless instruction errors, by their number (as TRANSACTION_ERRORS). */
export const INSTRUCTION_ERRORS: readonly string[] = `GenericError InvalidArgument
  InvalidInstructionData InvalidAccountData AccountDataTooSmall InsufficientFunds IncorrectProgramId MissingRequiredSignature
  AccountAlreadyInitialized UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend
  ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex ExecutableModified
  RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable AccountBorrowFailed
  AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError ExecutableDataModified ExecutableLamportChange
  ExecutableAccountNotRentExempt UnsupportedProgramId CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded
  InvalidSeeds InvalidRealloc ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure
  ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt InvalidAccountOwner
  ArithmeticOverflow UnsupportedSysvar IllegalOwner MaxAccountsDataAllocationsExceeded MaxAccountsExceeded
  MaxInstructionTraceLengthExceeded BuiltinProgramsMustConsumeComputeUnits BorshIoError`.split(/\s+/);

/**
 * The binding's transaction error in the JSON shape a node answers in `err`
 * (`"InsufficientFundsForFee"`, `{ "InstructionError": [0, { "Custom": 1 }] }`,
 * `{ "InsufficientFundsForRent": { "account_index": 1 } }`); its text where it is none of these.
 */
export function rpcError(error: unknown): unknown {
  if (typeof error === 'number') return TRANSACTION_ERRORS[error] ?? `TransactionError ${error}`;
  const value = error as { index?: number; err?: () => unknown; accountIndex?: number };
  if (typeof value?.index === 'number' && typeof value.err === 'function') {
    const inner = value.err() as number | { code?: number };
    const detail = typeof inner === 'number' ? (INSTRUCTION_ERRORS[inner] ?? `InstructionError ${inner}`) : typeof inner?.code === 'number' ? { Custom: inner.code } : String(inner);
    return { InstructionError: [value.index, detail] };
  }
  if (typeof value?.accountIndex === 'number') return { InsufficientFundsForRent: { account_index: value.accountIndex } };
  return String(error);
}
