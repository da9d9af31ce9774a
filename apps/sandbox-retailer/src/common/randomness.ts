// The one Randomness port of the platform (libs/domain), under this app's usual import path.
export { CryptoRandomness, Randomness } from '@cps/domain';
