import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AppSocket } from '@/lib/socket';
import { FakeSocket } from '@/testing/fake-socket';
import { useSocketStatus } from './use-socket-connected';

describe('useSocketStatus', () => {
  it("is 'connecting' before the first connection and 'reconnecting' after a drop", () => {
    const fake = new FakeSocket({});
    fake.connected = false;
    const socket = fake as unknown as AppSocket;
    const { result } = renderHook(() => useSocketStatus(socket));
    expect(result.current).toBe('connecting');
    act(() => fake.reconnect());
    expect(result.current).toBe('connected');
    act(() => fake.drop());
    expect(result.current).toBe('reconnecting');
  });

  it("is 'connecting' without a socket", () => {
    const { result } = renderHook(() => useSocketStatus(null));
    expect(result.current).toBe('connecting');
  });
});
