// The API reference: Swagger UI over the service's own OpenAPI document.
// "Authorize" takes an API key, which "Try it out" then sends as the Bearer token.
window.SwaggerUIBundle({
  url: '/v1/openapi.json',
  dom_id: '#reference',
  deepLinking: true,
  persistAuthorization: false,
  tryItOutEnabled: false,
});
