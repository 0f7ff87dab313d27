// react-relay's hooks this app uses (vite.config.ts aliases "react-relay" here for the browser
// build): its index also requires the entry-point API, experimental hooks and, through
// relay-runtime's index, every part of Relay. See relay-runtime.cjs beside it.
const runtime = require("relay-runtime");

module.exports = {
  ConnectionHandler: runtime.ConnectionHandler,
  fetchQuery: runtime.fetchQuery,
  graphql: runtime.graphql,
  readInlineData: runtime.readInlineData,
  RelayEnvironmentProvider: require("react-relay/lib/relay-hooks/RelayEnvironmentProvider"),
  useFragment: require("react-relay/lib/relay-hooks/useFragment"),
  useLazyLoadQuery: require("react-relay/lib/relay-hooks/useLazyLoadQuery"),
  useMutation: require("react-relay/lib/relay-hooks/useMutation"),
  usePaginationFragment: require("react-relay/lib/relay-hooks/usePaginationFragment"),
  usePreloadedQuery: require("react-relay/lib/relay-hooks/usePreloadedQuery"),
  useQueryLoader: require("react-relay/lib/relay-hooks/useQueryLoader"),
  useRefetchableFragment: require("react-relay/lib/relay-hooks/useRefetchableFragment"),
  useRelayEnvironment: require("react-relay/lib/relay-hooks/useRelayEnvironment"),
  useSubscription: require("react-relay/lib/relay-hooks/useSubscription"),
};
