import { fireEvent } from '@testing-library/react';

/**
 * A user's edit of a form field, as the browser reports it: typing into an input or a textarea fires `input`
 * (where React's and Preact's onChange listen), choosing in a <select>, a checkbox or a radio fires `change`.
 * `init.target.value` is the field's new value (as in fireEvent.change).
 */
export function changeField(element: Element, init: { target: { value: string } }): boolean {
  const typed =
    element instanceof HTMLTextAreaElement ||
    (element instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(element.type));
  return typed ? fireEvent.input(element, init) : fireEvent.change(element, init);
}
