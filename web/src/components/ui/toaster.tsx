import * as ToastPrimitive from '@radix-ui/react-toast';
import { cva } from 'class-variance-authority';
import { X } from 'lucide-react';
import { useToast } from './use-toast';

const toastVariants = cva(
  'pointer-events-auto relative grid gap-1 rounded-lg border p-4 pr-10 shadow-lg data-[state=open]:animate-fade-in data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x)',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-foreground',
        success: 'border-success/40 bg-popover text-foreground',
        destructive: 'border-destructive/50 bg-destructive/15 text-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
);

/** Renders the notifications raised with toast(); mounted once at the app root. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  return (
    <ToastPrimitive.Provider swipeDirection="right" label="Notificação">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.durationMs ?? 5_000}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          className={toastVariants({ variant: item.variant })}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
          {item.description ? (
            <ToastPrimitive.Description className="text-sm text-muted-foreground">
              {item.description}
            </ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            className="absolute top-3 right-3 text-muted-foreground hover:text-foreground"
            aria-label="Fechar"
          >
            <X className="size-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        label="Notificações ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-sm"
      />
    </ToastPrimitive.Provider>
  );
}
