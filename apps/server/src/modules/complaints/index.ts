/**
 * The complaints module's front door. Complaints: one incident of one guest at one outlet,
 * gathering its reviews and conversations (docs/decisions/0026).
 *
 * Offers: the detection job and its queueing, updates, counts per outlet and status, the
 * complaint of a review or conversation, and the release of complaints out of a role's sight.
 *
 * Other modules and the rest of apps/server/src import this module only through this file, never its
 * repositories or services directly; app.ts alone registers its routes from its `*.routes.ts`
 * (docs/architecture.md "Server modules"; checked by lint).
 */
export { complaintOfReview, countByOutletAndStatus, openComplaintOfConversation } from './complaints.repository.ts';
export { complaintsDetectJob, queueDetection, releaseComplaintsOutOfSight, updateComplaint } from './complaints.service.ts';
