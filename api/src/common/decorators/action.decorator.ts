import { applyDecorators, Body, HttpCode, Post } from '@nestjs/common';
import type { z } from 'zod';
import { validate } from '../pipes/zod-validation.pipe.js';

/** A POST that does something and answers 200 (not a creation's 201): log in, confirm, cancel, test… */
export const Action = (path?: string) => applyDecorators(Post(path), HttpCode(200));

/** The request body, validated by `schema` (a bad body is a pt-BR 400). */
export const ValidBody = (schema: z.ZodType) => Body(validate(schema));
