// Starts GraphiQL on /graphql for signed-in operators: served as a file, so the page's CSP needs
// no inline script. Requests and subscriptions authenticate by the session cookie (opted in by
// the staff console header and connection parameter); the page holds no token.
(() => {
  const base = document.currentScript.src.replace(/\/start\.js$/, "");
  const workers = { editorWorkerService: "editor", json: "json", graphql: "graphql" };
  self.MonacoEnvironment = {
    globalAPI: false,
    getWorkerUrl: (_moduleId, label) => `${base}/worker-${workers[label] ?? "editor"}.js`,
  };
  YogaGraphiQL.renderYogaGraphiQL(document.getElementById("root"), {
    title: "Freightway GraphQL",
    endpoint: "/graphql",
    subscriptionsProtocol: "WS",
    additionalHeaders: { "x-graphql-yoga-csrf": "1", "x-freightway-graphiql": "1" },
    connectionParams: { staffConsole: "1" },
    defaultQuery: "query Me {\n  viewer {\n    id\n    email\n    role\n  }\n}\n",
  });
})();
