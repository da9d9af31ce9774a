// The one Clock port of the platform (libs/domain), under this app's usual import path.
export { Clock, SystemClock } from '@cps/domain';
