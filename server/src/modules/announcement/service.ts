/**
 * The announcement module's calls for other modules: a message to one member's inbox (which
 * their open unread streams hear of at once) and the notices the other modules send.
 */
export { sendMessage, type MessageInput } from './records';
export { paperMarkedNotice, purchaseDecidedNotice, registrationDecidedNotice, taskAssignedNotice, taskReminderNotice, uploadReviewedNotice } from './notices';
