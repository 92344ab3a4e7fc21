// The GraphQL playground: GraphiQL, with the key typed above sent as `Authorization: Bearer <key>`.
// The key stays in this tab (sessionStorage), never in the URL or in saved queries.
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
`;
  const input = document.getElementById('api-key');
  const root = window.ReactDOM.createRoot(document.getElementById('graphiql'));
  input.value = sessionStorage.getItem(STORAGE_KEY) || '';
  let generation = 0;

  function fetcherFor(key) {
    return async function fetcher(params, options) {
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
    };
  }

  function render() {
    const key = input.value.trim();
    sessionStorage.setItem(STORAGE_KEY, key);
    // A new key is a new fetcher: GraphiQL loads the schema again with it.
    root.render(
      window.React.createElement(window.GraphiQL, {
        key: ++generation,
        fetcher: fetcherFor(key),
        defaultQuery: DEFAULT_QUERY,
        shouldPersistHeaders: false,
      }),
    );
  }

  input.addEventListener('change', render);
  render();
})();
