import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { MESSAGES, hasForbiddenCharacters, validateRequest } from '@arbitra/contracts';
import { badRequest } from '../errors/app-error.js';

/**
 * The one request validator: a zod schema from @arbitra/contracts (strict objects, so unknown
 * fields, wrong types and over-long strings are refused) → 400 with ONE pt-BR message.
 * Use on @Body(), @Query() or @Param().
 */
export class ZodValidationPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  /** Public: the OpenAPI document reads it (modules/docs). */
  constructor(readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    if (hasForbiddenCharacters(value))
      throw badRequest('invalid_characters', MESSAGES.validation.invalidCharacters);
    // No JSON body (or another content type) reads as an empty object: the schema names what is missing.
    const result = validateRequest(this.schema, value ?? {});
    if (!result.success) {
      throw badRequest(
        'validation_failed',
        result.message,
        result.field ? { field: result.field } : undefined,
      );
    }
    return result.data;
  }
}

/** Shorthand: `@Body(validate(schema))`. */
export const validate = <S extends z.ZodType>(schema: S) => new ZodValidationPipe(schema);
