// Starts Swagger UI on /docs with the service's schema (a file of its own: the page allows no inline script).
"use strict";
window.addEventListener("DOMContentLoaded", () => {
  window.ui = window.SwaggerUIBundle({ url: "/openapi.json", dom_id: "#swagger-ui", deepLinking: true });
});
