// What the requester's screens and the desk both show of a request (issue 11 §5).
export { downloadRequestFile } from './request-calls';
export { ProjectSnapshotLines, RequestAttachments, RequestConversation, RequestStatusBadge } from './request-parts';
