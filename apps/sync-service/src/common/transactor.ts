// The one Transactor port of the platform (libs/persistence), under this app's usual import path.
export { Transactor, TypeOrmTransactor } from '@cps/persistence';
