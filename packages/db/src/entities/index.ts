import { UserEntity } from './user.entity.js';

export { UserEntity };

/** Every entity, in one list: the data source and Nest's TypeOrmModule read it. */
export const ENTITIES = [UserEntity];
