/**
 * Imported first by every benchmark: unless NODE_ENV says otherwise, measure the server as it is
 * deployed (graphql-js, for one, adds development-only checks to every value it coerces).
 */
process.env.NODE_ENV ??= "production";
console.log(`NODE_ENV=${process.env.NODE_ENV}`);
