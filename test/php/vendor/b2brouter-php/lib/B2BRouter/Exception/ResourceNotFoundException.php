<?php

namespace B2BRouter\Exception;

/**
 * Resource not found exception (404 errors).
 */
class ResourceNotFoundException extends ApiErrorException
{
}
