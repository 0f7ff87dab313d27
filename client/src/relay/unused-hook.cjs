// Stands in for react-relay's useFragmentInternal_CURRENT (vite.config.ts): relay-runtime's
// ENABLE_ACTIVITY_COMPATIBILITY flag (on by default, never turned off here) picks the other one.
module.exports = () => {
  throw new Error("react-relay's useFragmentInternal_CURRENT is not bundled (RelayFeatureFlags)");
};
