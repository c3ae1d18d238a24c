// The flags panel is not exported here: the header loads it (flags-panel.tsx) only when it is opened.
export { EvaluatedFlagsProvider, LOCAL_OVERRIDE_REASON, type FlagStatus } from './evaluated-flags-provider';
export { articleByReferencePath, budgetIssuePath, budgetRequestPath, preconfigListPath, type ServicePath } from './flag-paths';
export { createFlagsClient, flagsContextOf, type FlagsClient, type FlagsClientOptions } from './flags-client';
export { FlagsProvider, useFlag, useFlagsClient, useFlagStatuses } from './flags-react';
export { followSession } from './follow-session';
export { FLAG_OVERRIDES_STORAGE_KEY, readFlagOverrides, type FlagOverrides } from './local-overrides';
