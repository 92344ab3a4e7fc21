// The GraphQL operations the widget sends (schema/schema.graphql says what each field means).
// Each is one a client token may run on its own session.

// What a card shows of a built transaction: the one-line summary and the simulated preview.
const TRANSACTION = `transactionId type summary serializedTransaction
  preview { simulated feeLamports warnings balanceChanges { mint symbol decimals change after } }`;

// The session and its history, a page at a time (oldest first): one request when it is short.
export const SESSION = `query ParleySession($id: ID!, $after: String) {
  session(id: $id) {
    sessionId walletAddress
    messages(first: 100, after: $after) {
      edges { node { messageId role content transaction { transactionId summary } } }
      pageInfo { hasNextPage endCursor }
    }
  }
}`;

export const PORTFOLIO = `query ParleyPortfolio($wallet: String!) { portfolio(walletAddress: $wallet) { tokens { mint symbol amount decimals } } }`;

export const SEND = `mutation ParleySend($input: SendMessageInput!) {
  sendMessage(input: $input) { messageId response transaction { ${TRANSACTION} } }
}`;

// What the status line and the `parley:transaction` event tell of a transaction.
const STATUS = 'transactionId type status signature error';

export const SUBMIT = `mutation ParleySubmit($id: ID!, $signed: String!) { submitTransaction(id: $id, signedTransaction: $signed) { ${STATUS} } }`;

export const REFRESH = `mutation ParleyRefresh($id: ID!) { refreshTransaction(transactionId: $id) { ${TRANSACTION} } }`;

export const FOLLOW = `subscription ParleyFollow($id: ID!) { transactionUpdated(transactionId: $id) { ${STATUS} } }`;
