import { useSuspenseQuery } from "@tanstack/react-query";
import { createFileRoute, redirect } from "@tanstack/react-router";

import { isChatAccessDenied } from "../../components/chat/chat-errors.ts";
import { ChatLoadFailed, ChatLoading, ChatRefusal } from "../../components/chat/chat-states.tsx";
import { ChatView } from "../../components/chat/chat-view.tsx";
import { requireUuid } from "../../lib/route-data.ts";
import { trpc } from "../../trpc.ts";

const back = { to: "chats" } as const;

export const Route = createFileRoute("/_authed/chats/$conversationId")({
  loader: async ({ context, params }) => {
    requireUuid(params.conversationId);
    const options = context.trpc.chat.conversation.queryOptions({ conversationId: params.conversationId });
    const conversation = await context.queryClient.ensureQueryData(options);
    // A group conversation lives at its job's chat page.
    if (conversation.kind === "group")
      throw redirect({ to: "/jobs/$jobId/chat", params: { jobId: conversation.jobId }, replace: true });
  },
  pendingComponent: ChatLoading,
  // A conversation that does not exist looks like one the reader may not open.
  notFoundComponent: () => <ChatRefusal reason="denied" back={back} />,
  errorComponent: ({ error }) =>
    isChatAccessDenied(error) ? <ChatRefusal reason="denied" back={back} /> : <ChatLoadFailed back={back} error={error} />,
  component: ConversationPage,
});

/** /chats/{conversationId}: a private conversation about a job. A group chat lives at /jobs/{jobId}/chat. */
function ConversationPage() {
  const { conversationId } = Route.useParams();
  const { me } = Route.useRouteContext();
  const { data: conversation } = useSuspenseQuery(trpc.chat.conversation.queryOptions({ conversationId }));
  return <ChatView key={conversation.id} conversation={conversation} meId={me.user.id} back={back} />;
}
