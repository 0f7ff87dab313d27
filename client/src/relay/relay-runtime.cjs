// relay-runtime's API as far as this app and the react-relay hooks it uses read it (vite.config.ts
// aliases "relay-runtime" here for the browser build). The package's index requires every part of
// Relay, legacy containers' resolvers, updatable queries and experimental readers included: as
// CommonJS they would all ship on every first screen. A name missing here is undefined at run time:
// add it from relay-runtime/lib/index.js when code starts to use it (test/unit/relay-slim.test.ts
// checks the names react-relay's hooks and the app read).
const GraphQLTag = require("relay-runtime/lib/query/GraphQLTag");
const fetchQueryInternal = require("relay-runtime/lib/query/fetchQueryInternal");
const RelayModernSelector = require("relay-runtime/lib/store/RelayModernSelector");
const RelayStoreUtils = require("relay-runtime/lib/store/RelayStoreUtils");

module.exports = {
  Environment: require("relay-runtime/lib/store/RelayModernEnvironment"),
  Network: require("relay-runtime/lib/network/RelayNetwork"),
  Observable: require("relay-runtime/lib/network/RelayObservable"),
  RecordSource: require("relay-runtime/lib/store/RelayRecordSource"),
  Record: require("relay-runtime/lib/store/RelayModernRecord"),
  ReplaySubject: require("relay-runtime/lib/util/RelayReplaySubject"),
  Store: require("relay-runtime/lib/store/RelayModernStore"),
  ConnectionHandler: require("relay-runtime/lib/handlers/connection/ConnectionHandler"),
  ConnectionInterface: require("relay-runtime/lib/handlers/connection/ConnectionInterface"),
  PreloadableQueryRegistry: require("relay-runtime/lib/query/PreloadableQueryRegistry"),
  RelayFeatureFlags: require("relay-runtime/lib/util/RelayFeatureFlags"),
  ID_KEY: RelayStoreUtils.ID_KEY,
  areEqualSelectors: RelayModernSelector.areEqualSelectors,
  getSelector: RelayModernSelector.getSelector,
  getVariablesFromFragment: RelayModernSelector.getVariablesFromFragment,
  commitMutation: require("relay-runtime/lib/mutations/commitMutation"),
  createOperationDescriptor: require("relay-runtime/lib/store/RelayModernOperationDescriptor")
    .createOperationDescriptor,
  fetchQuery: require("relay-runtime/lib/query/fetchQuery"),
  graphql: GraphQLTag.graphql,
  getFragment: GraphQLTag.getFragment,
  getRequest: GraphQLTag.getRequest,
  getFragmentIdentifier: require("relay-runtime/lib/util/getFragmentIdentifier"),
  getPaginationMetadata: require("relay-runtime/lib/util/getPaginationMetadata"),
  getPaginationVariables: require("relay-runtime/lib/util/getPaginationVariables"),
  getPendingOperationsForFragment: require("relay-runtime/lib/util/getPendingOperationsForFragment"),
  getRefetchMetadata: require("relay-runtime/lib/util/getRefetchMetadata"),
  getRequestIdentifier: require("relay-runtime/lib/util/getRequestIdentifier"),
  getValueAtPath: require("relay-runtime/lib/util/getValueAtPath"),
  handlePotentialSnapshotErrors: require("relay-runtime/lib/util/handlePotentialSnapshotErrors")
    .handlePotentialSnapshotErrors,
  isPromise: require("relay-runtime/lib/util/isPromise"),
  readInlineData: require("relay-runtime/lib/store/readInlineData"),
  recycleNodesInto: require("relay-runtime/lib/util/recycleNodesInto"),
  requestSubscription: require("relay-runtime/lib/subscription/requestSubscription"),
  __internal: {
    createRelayContext: require("relay-runtime/lib/store/createRelayContext"),
    createRelayLoggingContext: require("relay-runtime/lib/store/createRelayLoggingContext"),
    fetchQuery: fetchQueryInternal.fetchQuery,
    fetchQueryDeduped: fetchQueryInternal.fetchQueryDeduped,
    getPromiseForActiveRequest: fetchQueryInternal.getPromiseForActiveRequest,
    getObservableForActiveRequest: fetchQueryInternal.getObservableForActiveRequest,
  },
};
