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
  input.value = sessionStorage.getItem(STORAGE_KEY) || '';
  input.addEventListener('input', () => sessionStorage.setItem(STORAGE_KEY, input.value.trim()));

  // One GraphiQL for the page's life: each request reads the key as it is now, so a key pasted
  // (or changed) applies to the next run without re-creating the editor under the user's click.
  async function fetcher(params, options) {
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
