// The GraphQL playground: GraphiQL, with the key typed above sent as `Authorization: Bearer <key>`
// for queries and mutations (HTTP), and in `connection_init` for subscriptions (WebSocket,
// graphql-transport-ws through graphql-ws's browser client). The key stays in this tab
// (sessionStorage), never in the URL or in saved queries.
(function () {
  const STORAGE_KEY = 'parley.apiKey';
  const DEFAULT_QUERY = `# Paste an API key above, then run this query (Ctrl-Enter or the ▶ button).
query Usage {
  usage {
    tier
    limits { requestsPerMinute transactionsPerDay }
    usage { requestsToday requestsThisMinute }
    resetAt
  }
}

# Subscriptions run here too, over WebSocket with the same key. For example, with a session id:
# subscription Live { messageAdded(sessionId: "session_…") { role content transaction { transactionId } } }
`;
  const input = document.getElementById('api-key');
  input.value = sessionStorage.getItem(STORAGE_KEY) || '';
  input.addEventListener('input', () => sessionStorage.setItem(STORAGE_KEY, input.value.trim()));

  // One GraphiQL for the page's life: each request reads the key as it is now, so a key pasted
  // (or changed) applies to the next run without re-creating the editor under the user's click.
  function fetcher(params, options) {
    // An operation name GraphiQL took from an earlier text of the editor (it re-parses after a
    // pause in typing) is left out, so the server runs the document's only operation.
    const named = params.operationName && new RegExp(`\\b${params.operationName}\\b`).test(params.query || '');
    const current = named ? params : { ...params, operationName: undefined };
    return isSubscription(current) ? subscribe(current) : post(current, options);
  }

  // From the text sent (GraphiQL's parsed document can lag a just-typed edit): the operation
  // named `operationName`, or else the first one, is a subscription.
  function isSubscription(params) {
    const text = (params.query || '').replace(/"""[\s\S]*?"""|"(?:\\.|[^"\\])*"|#[^\n]*/g, '');
    const named = params.operationName && new RegExp(`\\b(query|mutation|subscription)\\s+${params.operationName}\\b`).exec(text);
    const first = /(?:^|})\s*(?:(query|mutation|subscription)\b|{)/.exec(text);
    return (named ? named[1] : first && first[1]) === 'subscription';
  }

  // A subscription: a WebSocket of its own, closed when GraphiQL stops it (the ■ button) or the
  // server completes it. GraphiQL reads each result from this async iterator.
  function subscribe(params) {
    const key = input.value.trim();
    const client = window.graphqlWs.createClient({
      url: `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}/graphql`,
      connectionParams: { authorization: `Bearer ${key}` },
      retryAttempts: 0,
      lazy: true,
    });
    const results = client.iterate({ query: params.query, variables: params.variables, operationName: params.operationName });
    let done = false;
    const finish = () => {
      done = true;
      client.dispose();
    };
    return {
      [Symbol.asyncIterator]() {
        return this;
      },
      async next() {
        if (done) return { done: true, value: undefined };
        try {
          const result = await results.next();
          if (result.done) finish();
          return result;
        } catch (error) {
          // A closed socket (4403: a missing or bad key) or an error message: shown as a result.
          finish();
          return { done: false, value: { errors: describe(error) } };
        }
      },
      async return() {
        finish();
        await results.return();
        return { done: true, value: undefined };
      },
    };
  }

  function describe(error) {
    if (Array.isArray(error)) return error;
    if (error && typeof error.code === 'number') {
      const hint = error.code === 4403 ? ' (paste a valid API key above)' : '';
      return [{ message: `The WebSocket closed: ${error.code} ${error.reason || ''}${hint}`.trim() }];
    }
    return [{ message: String((error && error.message) || error) }];
  }

  async function post(params, options) {
    const key = input.value.trim();
    const response = await fetch('/graphql', {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/graphql-response+json, application/json',
        ...(key && { Authorization: `Bearer ${key}` }),
        ...(options && options.headers),
      },
      body: JSON.stringify(params),
    });
    return response.json();
  }

  window.ReactDOM.createRoot(document.getElementById('graphiql')).render(
    window.React.createElement(window.GraphiQL, { fetcher, defaultQuery: DEFAULT_QUERY, shouldPersistHeaders: false }),
  );
})();
