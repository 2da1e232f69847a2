import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'arbitra:public';

/** Marks an endpoint that needs no session (auth is global otherwise). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
