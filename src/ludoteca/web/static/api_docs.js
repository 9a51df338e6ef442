// The API's documentation page (/docs, web/api_docs.py): Swagger UI, served by this server,
// on this server's OpenAPI document.
window.SwaggerUIBundle({
  url: "/openapi.json",
  dom_id: "#swagger-ui",
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
});
