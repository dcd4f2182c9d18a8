/**
 * What the site settings module offers other modules: the check of a picture field (an upload
 * of the company's own, claimed so the sweeper keeps it), shared by every back-office form
 * with a picture (course covers too).
 */
export { checkedPicture } from './checks';
