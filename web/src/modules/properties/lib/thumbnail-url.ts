/** The ≤ 400 px thumbnail the gateway stores beside each listing photo (one naming rule: lib/images). */
export { thumbnailUrl } from './images';
