import { Send } from "lucide-react";

/** The paper plane of Apply Now and Submit review, flying the reading direction's way. */
export function SendIcon() {
  return <Send aria-hidden className="rtl:-scale-x-100" />;
}
