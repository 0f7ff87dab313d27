import { graphql } from "react-relay";

/**
 * The documents of the carrier's offer mutations (bid, fold, Book Now, counter-offers, waterfall
 * turns) and the operator's counter: their Relay artifacts carry the offer row's fragment, so they
 * load when first sent (`useDeferredAppMutation` in the use*Mutations hooks), not with the rows.
 */

export const placeBidMutation = graphql`
  mutation bidMutationsPlaceBidMutation($input: PlaceBidInput!) {
    placeBid(input: $input) {
      __typename
      ... on MutationPlaceBidSuccess {
        data {
          message
          offer {
            id
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const foldBidMutation = graphql`
  mutation bidMutationsFoldBidMutation($input: FoldBidInput!) {
    foldBid(input: $input) {
      __typename
      ... on MutationFoldBidSuccess {
        data {
          bid {
            id
            amount
          }
          offer {
            id
            bestOffer
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const bookOfferMutation = graphql`
  mutation bidMutationsBookOfferMutation($input: BookOfferInput!) {
    bookOffer(input: $input) {
      __typename
      ... on MutationBookOfferSuccess {
        data {
          offer {
            id
            loadId
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const acceptCounterMutation = graphql`
  mutation bidMutationsAcceptCounterMutation($input: AnswerCounterInput!) {
    acceptCounter(input: $input) {
      __typename
      ... on MutationAcceptCounterSuccess {
        data {
          offer {
            id
            loadId
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const declineCounterMutation = graphql`
  mutation bidMutationsDeclineCounterMutation($input: AnswerCounterInput!) {
    declineCounter(input: $input) {
      __typename
      ... on MutationDeclineCounterSuccess {
        data {
          bid {
            id
            counter {
              status
            }
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const counterBidMutation = graphql`
  mutation bidMutationsCounterBidMutation($input: CounterBidInput!) {
    counterBid(input: $input) {
      __typename
      ... on MutationCounterBidSuccess {
        data {
          bid {
            id
            ...BidderRow_bid
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const acceptWaterfallTurnMutation = graphql`
  mutation bidMutationsAcceptWaterfallTurnMutation($input: WaterfallTurnInput!) {
    acceptWaterfallTurn(input: $input) {
      __typename
      ... on MutationAcceptWaterfallTurnSuccess {
        data {
          offer {
            id
            status
            waterfallTurnEndsAt
            waterfallRate
            ...CarrierOfferRow_offer
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;

export const passWaterfallTurnMutation = graphql`
  mutation bidMutationsPassWaterfallTurnMutation($input: WaterfallTurnInput!) {
    passWaterfallTurn(input: $input) {
      __typename
      ... on MutationPassWaterfallTurnSuccess {
        data {
          offer {
            id
            status
            waterfallTurnEndsAt
            waterfallRate
          }
        }
      }
      ...mutationResult_error @alias(as: "error")
    }
  }
`;
